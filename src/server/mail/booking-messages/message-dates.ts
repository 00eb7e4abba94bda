/** The dates and times the booking messages write, in the merchant's time zone and the reader's language. */
import { format } from 'date-fns/format';
import { localeOf } from '../../domain/lang.ts';
import { formatInZone, wallClockDate } from '../../domain/wall-clock-date.ts';
import type { Lang } from '../../../shared/langs.ts';

/** A booking's time as the messages write it: the long date, the time, a short form for texts and subjects. */
export interface MessageWhen {
  /** "mercredi 25 novembre 2026". */
  date: string;
  /** "20:00". */
  time: string;
  /** "mer. 25/11 20:00": for text messages and the restaurant's subjects. */
  short: string;
}

/** How a moment reads in the merchant's zone and a language. */
export function messageWhen(at: Date, timezone: string, lang: Lang): MessageWhen {
  const zoned = wallClockDate(at, timezone);
  const locale = localeOf(lang);
  return { date: format(zoned, 'PPPP', { locale }), time: format(zoned, 'HH:mm', { locale }), short: format(zoned, 'EEE d/M HH:mm', { locale }) };
}

/** A merchant-local day (YYYY-MM-DD) written in full: "jeudi 26 novembre 2026". */
export function longDay(day: string, lang: Lang): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new Date(Date.UTC(year, month - 1, date, 12)), 'PPPP', { locale: localeOf(lang) });
}

/** The ISO 8601 form of a moment with the merchant's offset (schema.org startTime): "2026-11-25T20:00:00+01:00". */
export function isoWithOffset(at: Date, timezone: string): string {
  return formatInZone(at, timezone, "yyyy-MM-dd'T'HH:mm:ssXXX");
}
