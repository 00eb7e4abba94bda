/** The server's lookup in its own catalogues: a typed dotted key, then i18next-style {{name}} placeholders filled in. */
import { DEFAULT_LANG, type Lang } from '../../shared/langs.ts';

/** One part of a language's messages, nested by dotted key. */
export interface TextCatalogue {
  [key: string]: string | TextCatalogue;
}

/** The dotted paths to the messages of a catalogue type, e.g. "passwordReset.subject". */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

/** Values substituted for {{name}} placeholders in a message. */
export type TextVars = Record<string, string | number>;

function lookup(catalogue: TextCatalogue, key: string): string | undefined {
  let node: string | TextCatalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * For a language, the function giving the message for key with {{name}} placeholders filled from vars, falling back
 * to French, then to the key (tests/site/i18n.test.ts keeps every language's keys equal to French's). The values are
 * put in one pass: a value that itself looks like a placeholder, a merchant's name say, stays as written.
 */
export function textsOf<C extends TextCatalogue>(catalogues: Record<Lang, C>) {
  return (lang: Lang) =>
    (key: TextKey<C>, vars?: TextVars): string => {
      const message = lookup(catalogues[lang], key) ?? lookup(catalogues[DEFAULT_LANG], key) ?? key;
      if (vars === undefined) return message;
      return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
        const value = vars[name];
        return value === undefined ? whole : String(value);
      });
    };
}
