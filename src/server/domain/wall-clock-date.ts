/**
 * An instant's wall clock in a merchant's zone, for date-fns's `format`. `new TZDate(at, zone)` does the same but asks
 * Intl for the zone's offset at every step of a format (each clone, each check): 3 % of a booking's server CPU on
 * PostgreSQL. Here the offset is looked up once (local-time.ts keeps it per zone and minute) and the date's local
 * fields read its UTC fields, shifted by it. For formatting only: its setters are a plain Date's.
 */
import { format } from 'date-fns/format';
import type { Locale } from 'date-fns';
import { offsetMinutesAt } from '../../shared/local-time.ts';

/** A Date whose local fields (year to milliseconds, weekday) are its UTC fields: a wall clock already shifted. */
class WallClockDate extends Date {
  override getFullYear(): number {
    return this.getUTCFullYear();
  }
  override getMonth(): number {
    return this.getUTCMonth();
  }
  override getDate(): number {
    return this.getUTCDate();
  }
  override getDay(): number {
    return this.getUTCDay();
  }
  override getHours(): number {
    return this.getUTCHours();
  }
  override getMinutes(): number {
    return this.getUTCMinutes();
  }
  override getSeconds(): number {
    return this.getUTCSeconds();
  }
  override getMilliseconds(): number {
    return this.getUTCMilliseconds();
  }
  override getTimezoneOffset(): number {
    return 0;
  }
}

/** `at` as it reads on a wall clock in `timezone`, for `format` (date-fns clones it as its own class). */
export function wallClockDate(at: Date, timezone: string): Date {
  return new WallClockDate(at.getTime() + offsetMinutesAt(at, timezone) * 60_000);
}

/** `at` formatted by date-fns in `timezone` (patterns without a zone or offset token). */
export function formatInZone(at: Date, timezone: string, pattern: string, locale?: Locale): string {
  return format(wallClockDate(at, timezone), pattern, locale ? { locale } : undefined);
}

/** The ISO 8601 form of a moment with the zone's offset, as date-fns's `XXX` writes it: "2026-11-25T20:00:00+01:00". */
export function isoWithZoneOffset(at: Date, timezone: string): string {
  const offset = offsetMinutesAt(at, timezone);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${format(wallClockDate(at, timezone), "yyyy-MM-dd'T'HH:mm:ss")}${offset === 0 ? 'Z' : `${sign}${hours}:${minutes}`}`;
}
