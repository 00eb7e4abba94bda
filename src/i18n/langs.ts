/** The interface languages and their default, without any catalogue: browser code imports these so no message file comes along. */

/** The interface languages, French first (the default). */
export const LANGS = ['fr', 'en', 'es', 'it'] as const;
/** One interface language. */
export type Lang = (typeof LANGS)[number];
/** The language pages render in when none is chosen. */
export const DEFAULT_LANG: Lang = 'fr';

/** Whether a value is one of the interface languages. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
