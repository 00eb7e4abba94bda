/** The date-fns locale of each interface language (English dates are British: day first, Monday first). */
import type { Locale } from 'date-fns';
import { enGB, es, fr, it } from 'date-fns/locale';
import type { Lang } from './t.ts';

const locales: Record<Lang, Locale> = { fr, en: enGB, es, it };

/** The date-fns locale to format dates in for a language. */
export function dateLocale(lang: Lang): Locale {
  return locales[lang];
}
