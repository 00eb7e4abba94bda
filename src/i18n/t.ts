import fr from './fr.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };

import { DEFAULT_LANG, isLang, LANGS, type Lang } from './langs.ts';

// Kept here too for the static pages; browser code imports them from langs.ts (this file bundles every catalogue).
export { DEFAULT_LANG, isLang, LANGS, type Lang };

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A dotted path to one message of the catalogue, e.g. "hours.closed". */
export type MessageKey = Leaves<typeof fr>;

/** Values substituted for {{name}} placeholders in a message. */
export type MessageVars = Record<string, string | number>;

interface Catalogue {
  [key: string]: string | Catalogue;
}

const catalogues: Record<Lang, Catalogue> = { fr, en, es, it };

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The message for key in lang with {{name}} placeholders filled from vars (i18next syntax, so
 * the same files can feed i18next in the islands); falls back to French, then to the key itself.
 */
export function t(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const message = lookup(catalogues[lang], key) ?? lookup(catalogues[DEFAULT_LANG], key) ?? key;
  if (vars === undefined) return message;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}
