/** The date-fns locale of each interface language, for the dates the server writes (the languages are in src/shared/langs.ts). */
import { enGB, es, fr, it } from 'date-fns/locale';
import type { Locale } from 'date-fns';
import type { Lang } from '../../shared/langs.ts';

const locales: Record<Lang, Locale> = { fr, en: enGB, es, it };

/** The date-fns locale of a language. */
export function localeOf(lang: Lang): Locale {
  return locales[lang];
}
