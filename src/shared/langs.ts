/** The interface languages and their default, without any catalogue or date locale: both the server and browser code import these. */

/** The interface languages, French first (the default). */
export const LANGS = ['fr', 'en', 'es', 'it'] as const;
/** One interface language. */
export type Lang = (typeof LANGS)[number];
/** The language pages and answers use when none is chosen. */
export const DEFAULT_LANG: Lang = 'fr';

/** Whether a value is one of the interface languages. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The language a request asks for: an explicit choice, else the first known one of Accept-Language, else none. */
export function requestedLang(explicit: unknown, acceptLanguage: string | undefined): Lang | undefined {
  if (isLang(explicit)) return explicit;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLang(code)) return code;
  }
  return undefined;
}

/** The language to answer in: an explicit choice, else the first known one of Accept-Language, else French. */
export function pickLang(explicit: unknown, acceptLanguage: string | undefined): Lang {
  return requestedLang(explicit, acceptLanguage) ?? DEFAULT_LANG;
}
