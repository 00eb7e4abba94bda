import fr from './fr.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };

/** The interface languages, French first (the default). */
export const LANGS = ['fr', 'en', 'es', 'it'] as const;
/** One interface language. */
export type Lang = (typeof LANGS)[number];
/** The language pages render in when none is chosen. */
export const DEFAULT_LANG: Lang = 'fr';

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

/** Whether a value is one of the interface languages. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
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
