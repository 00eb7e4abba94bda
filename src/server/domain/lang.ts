/** The four interface languages and their date-fns locales. */
import { enGB, es, fr, it } from 'date-fns/locale';
import type { Locale } from 'date-fns';

/** Languages the product speaks; French is the default. */
export const LANGS = ['fr', 'en', 'es', 'it'] as const;
/** One of the product's languages. */
export type Lang = (typeof LANGS)[number];
/** The language used when nothing else is asked for. */
export const DEFAULT_LANG: Lang = 'fr';

const locales: Record<Lang, Locale> = { fr, en: enGB, es, it };

/** The date-fns locale of a language. */
export function localeOf(lang: Lang): Locale {
  return locales[lang];
}

/** Whether a string names one of the product's languages. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The language to answer in: an explicit choice, else the first known one of Accept-Language, else French. */
export function pickLang(explicit: unknown, acceptLanguage: string | undefined): Lang {
  if (isLang(explicit)) return explicit;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLang(code)) return code;
  }
  return DEFAULT_LANG;
}
