/**
 * An instant's wall clock in a merchant's zone, for date-fns's `format`. `new TZDate(at, zone)` does the same but asks
 * Intl for the zone's offset at every step of a format (each clone, each check): 3 % of a booking's server CPU on
 * PostgreSQL. Here the offset is looked up once (local-time.ts keeps it per zone and minute) and the date's local
 * fields read its UTC fields, shifted by it, its offset the zone's. For formatting only: its setters are a plain Date's.
 */
import { format } from 'date-fns/format';
import type { Locale } from 'date-fns';
import { offsetMinutesAt } from '../../shared/local-time.ts';

/** A Date whose local fields (year to milliseconds, weekday) are its UTC fields: a wall clock already shifted. */
class WallClockDate extends Date {
  /** The zone's offset in minutes (60 for Paris in winter), for date-fns's offset tokens. */
  readonly offsetMinutes: number;

  /** date-fns clones a date as `new date.constructor(date)`: a clone keeps the offset. */
  constructor(wallClockMs: number | WallClockDate, offsetMinutes = wallClockMs instanceof WallClockDate ? wallClockMs.offsetMinutes : 0) {
    super(wallClockMs);
    this.offsetMinutes = offsetMinutes;
  }
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
    return -this.offsetMinutes;
  }
}

/** `at` as it reads on a wall clock in `timezone`, for `format` (date-fns clones it as its own class). */
export function wallClockDate(at: Date, timezone: string): Date {
  const offset = offsetMinutesAt(at, timezone);
  return new WallClockDate(at.getTime() + offset * 60_000, offset);
}

/** `at` formatted by date-fns in `timezone` (its offset tokens write the zone's offset; its zone-name tokens do not). */
export function formatInZone(at: Date, timezone: string, pattern: string, locale?: Locale): string {
  return format(wallClockDate(at, timezone), pattern, locale ? { locale } : undefined);
}
