/** The date-fns locale of each interface language, for the dates the server writes (the languages are in src/shared/langs.ts). */
// One file per locale, not the barrel of every locale: Node resolves each module it loads against date-fns' 200 kB package.json.
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import type { Locale } from 'date-fns';
import type { Lang } from '../../shared/langs.ts';

const locales: Record<Lang, Locale> = { fr, en: enGB, es, it };

/** The date-fns locale of a language. */
export function localeOf(lang: Lang): Locale {
  return locales[lang];
}
