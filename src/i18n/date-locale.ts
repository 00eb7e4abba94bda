/** The date-fns locale of each interface language (English dates are British: day first, Monday first). */
import type { Locale } from 'date-fns';
// One file per locale, not the barrel of every locale: Node resolves each module it loads against date-fns' 200 kB package.json.
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import type { Lang } from './t.ts';

const locales: Record<Lang, Locale> = { fr, en: enGB, es, it };

/** The date-fns locale to format dates in for a language. */
export function dateLocale(lang: Lang): Locale {
  return locales[lang];
}
