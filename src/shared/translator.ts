/**
 * The one lookup in fixed catalogues, for the site and the server: a typed dotted key, then i18next-style {{name}}
 * placeholders filled in (the same files feed i18next in the islands), falling back to French, then to the key.
 */
import { DEFAULT_LANG, type Lang } from './langs.ts';

/** A language's messages, nested by dotted key. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** The dotted paths to the messages of a catalogue type, e.g. "hours.closed". */
export type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

/** Values substituted for {{name}} placeholders in a message. */
export type MessageVars = Record<string, string | number>;

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The message for key in lang with {{name}} placeholders filled from vars. The values are put in one pass: a value
 * that itself looks like a placeholder, a merchant's name say, stays as written.
 */
function translate(catalogues: Record<Lang, Catalogue>, lang: Lang, key: string, vars?: MessageVars): string {
  const message = lookup(catalogues[lang], key) ?? lookup(catalogues[DEFAULT_LANG], key) ?? key;
  if (vars === undefined) return message;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** A function giving the message for key in lang: the static pages' t, and LangText's in the islands. */
export function createTranslator<Key extends string>(catalogues: Record<Lang, Catalogue>) {
  return (lang: Lang, key: Key, vars?: MessageVars): string => translate(catalogues, lang, key, vars);
}

/** For a language, the function giving the message for key (the server's catalogues: `texts(lang)(key, vars)`). */
export function textsOf<C extends Catalogue>(catalogues: Record<Lang, C>) {
  return (lang: Lang) =>
    (key: KeysOf<C>, vars?: MessageVars): string =>
      translate(catalogues, lang, key, vars);
}
