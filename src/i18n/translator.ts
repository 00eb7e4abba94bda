/** A lookup in fixed catalogues with i18next's {{name}} placeholders: the static pages' t, and LangText's in the islands. */
import { DEFAULT_LANG, type Lang } from '../shared/langs.ts';

/** Values substituted for {{name}} placeholders in a message. */
export type MessageVars = Record<string, string | number>;

/** The dotted paths to the messages of a catalogue type, e.g. "hours.closed". */
export type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

/** A language's messages, nested by dotted key. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A function giving the message for key in lang with {{name}} placeholders filled from vars (i18next syntax, so
 * the same files can feed i18next in the islands); it falls back to French, then to the key itself.
 */
export function createTranslator<Key extends string>(catalogues: Record<Lang, Catalogue>) {
  return (lang: Lang, key: Key, vars?: MessageVars): string => {
    const message = lookup(catalogues[lang], key) ?? lookup(catalogues[DEFAULT_LANG], key) ?? key;
    if (vars === undefined) return message;
    return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = vars[name];
      return value === undefined ? whole : String(value);
    });
  };
}
