/**
 * 12- or 24-hour times. The rule: a merchant whose country writes 12-hour times (its phone's country code: the
 * contract's address has no country) gets them everywhere, static pages included (built with that convention, so
 * hydration never changes them); otherwise 24-hour, except that an island in English follows the browser's own
 * locale (en-US: 12-hour; en-GB, the interface's English: 24-hour). French, Spanish and Italian are 24-hour.
 */
import type { Lang } from './langs.ts';

/** Countries whose everyday clock is 12-hour (CLDR's preferred hour cycle h12 for the country's main language). */
export const TWELVE_HOUR_COUNTRIES: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'NZ', 'IN', 'PH', 'PK', 'BD', 'EG', 'SA', 'MY', 'CO']);

/** Whether a country (ISO 3166 alpha-2, any case) writes 12-hour times. */
export function countryUses12h(country: string | null | undefined): boolean {
  return country ? TWELVE_HOUR_COUNTRIES.has(country.toUpperCase()) : false;
}

/** Whether the browser's own locale writes 12-hour times (its resolved hourCycle); false where it cannot tell. */
export function browserUses12h(locale?: string): boolean {
  const key = locale ?? '';
  let known = browserCycles.get(key);
  if (known === undefined) {
    try {
      const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
      known = cycle === 'h11' || cycle === 'h12';
    } catch {
      known = false;
    }
    browserCycles.set(key, known);
  }
  return known;
}

// A formatter costs far more to make than to use: the static build asks tens of thousands of times.
const browserCycles = new Map<string, boolean>();
const twelveHourFormats = new Map<Lang, Intl.DateTimeFormat>();

/** What decides the clock: the merchant's convention, the interface language and (islands only) the browser's. */
export interface HourContext {
  merchant12h: boolean;
  lang: Lang;
  /** The browser's convention; undefined at build time (static pages use the merchant's only). */
  browser12h?: boolean;
}

/** The rule above: 12-hour for a 12-hour merchant, or in English when the browser writes 12-hour times. */
export function uses12h({ merchant12h, lang, browser12h }: HourContext): boolean {
  return merchant12h || (lang === 'en' && browser12h === true);
}

const LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-US', es: 'es-ES', it: 'it-IT' };

/** A merchant-local "HH:mm" as shown: unchanged in 24-hour, else "7:30 PM" (the language's own day-period words). */
export function formatHour(hour: string, lang: Lang, twelve: boolean): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hour);
  if (!twelve || !match) return hour;
  const at = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  let format = twelveHourFormats.get(lang);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
    twelveHourFormats.set(lang, format);
  }
  return format.format(at).replace(/\u202f/g, ' ');
}
