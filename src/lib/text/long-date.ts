import type { Lang } from '../../i18n/t.ts';

const locales: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES', it: 'it-IT' };
const formatters = new Map<Lang, Intl.DateTimeFormat>();

/** A local calendar date (YYYY-MM-DD) written out in full, e.g. "jeudi 24 décembre 2026". */
export function longDate(isoDate: string, lang: Lang): string {
  let formatter = formatters.get(lang);
  if (formatter === undefined) {
    // The date is a calendar day, not an instant: format it at UTC midnight in UTC.
    formatter = new Intl.DateTimeFormat(locales[lang], { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    formatters.set(lang, formatter);
  }
  return formatter.format(new Date(`${isoDate}T00:00:00Z`));
}
