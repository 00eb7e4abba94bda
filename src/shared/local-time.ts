/** Merchant-local dates and wall-clock times, pure and shared by the server's rules and the browser's calendar. */
// The subpath, not the package root: the root's TZDate patches Date at load, and the booking home would download it.
import { tzOffset } from '@date-fns/tz/tzOffset';
import { BoundedMemo } from './bounded-memo.ts';

/** A merchant-local calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;
/** A merchant-local wall-clock time, 'HH:MM' (24 h). */
export type LocalTime = string;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const LOCAL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const IANA_NAME_RE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** Whether s is a real calendar date written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isLocalDate(s: string): boolean {
  const m = LOCAL_DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC maps years 0..99 to 1900..1999, so compare the year too.
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** Whether s is a wall-clock time written 'HH:MM' (00:00 to 23:59). */
export function isLocalTime(s: string): boolean {
  return LOCAL_TIME_RE.test(s);
}

/** Minutes since local midnight of an 'HH:MM' time. */
export function minutesOfLocalTime(time: LocalTime): number {
  const m = LOCAL_TIME_RE.exec(time);
  if (!m) throw new RangeError(`Not a local time: ${time}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/** 'HH:MM' of a number of minutes since midnight (taken modulo one day). */
export function localTimeOfMinutes(minutes: number): LocalTime {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** The calendar date of an instant in a time zone. */
export function localDateOf(instant: Date, timezone: string): LocalDate {
  return new Date(wallClockMs(instant.getTime(), timezone)).toISOString().slice(0, 10);
}

/** ISO weekday of a local date: 1 Monday .. 7 Sunday. */
export function isoWeekdayOf(date: LocalDate): number {
  const day = new Date(utcMsOfDate(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The local date a number of calendar days after (or before, if negative) another. */
export function addDaysToLocalDate(date: LocalDate, days: number): LocalDate {
  return new Date(utcMsOfDate(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant of a local wall-clock time: null in a spring-forward gap, the first occurrence on fall-back. */
export function localToInstant(date: LocalDate, time: LocalTime, timezone: string): Date | null {
  const wall = utcMsOfDate(date) + minutesOfLocalTime(time) * MINUTE_MS;
  const matches = candidateInstants(wall, timezone).filter((t) => wallClockMs(t, timezone) === wall);
  if (matches.length === 0) return null;
  return new Date(Math.min(...matches));
}

/** The zone's offset from UTC at the instant, in minutes (60 for Paris in winter); throws for an unknown zone. */
export function offsetMinutesAt(instant: Date, timezone: string): number {
  return (wallClockMs(instant.getTime(), timezone) - instant.getTime()) / MINUTE_MS;
}

/** The wall-clock 'HH:MM' of an instant in a time zone (seconds are dropped). */
export function localTimeOf(instant: Date, timezone: string): LocalTime {
  return new Date(wallClockMs(instant.getTime(), timezone)).toISOString().slice(11, 16);
}

/** The instant of local midnight, or the first existing instant of that day when midnight is skipped. */
export function startOfLocalDay(date: LocalDate, timezone: string): Date {
  const exact = localToInstant(date, '00:00', timezone);
  if (exact) return exact;
  const wall = utcMsOfDate(date);
  // Midnight falls in a gap: bisect between an instant whose wall clock is still the day before and one
  // already inside the day to find the transition, which is the day's first existing instant.
  const candidates = candidateInstants(wall, timezone);
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (wallClockMs(lo, timezone) >= wall) lo -= 60 * MINUTE_MS;
  while (wallClockMs(hi, timezone) < wall) hi += 60 * MINUTE_MS;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallClockMs(mid, timezone) >= wall) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

const canonicalZones = new Set(Intl.supportedValuesOf('timeZone'));
const canonicalZonesLower = new Set([...canonicalZones].map((z) => z.toLowerCase()));

/** Whether tz names an IANA time zone this runtime knows (UTC offsets such as '+01:00' are refused). */
export function isValidTimezone(tz: string): boolean {
  if (!IANA_NAME_RE.test(tz)) return false;
  // Intl accepts any letter case; refuse miscased canonical names so stored zones stay canonical.
  if (!canonicalZones.has(tz) && canonicalZonesLower.has(tz.toLowerCase())) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// A zone's offset changes only at its transitions, and every transition since 2000 falls on a whole minute: one look
// per zone and minute (Intl's formatToParts, several µs) serves every instant of it.
const OFFSETS_FROM_MS = Date.UTC(2000, 0, 1);
const offsets = new BoundedMemo<number>(20_000);

/** The zone's offset in minutes at the instant (NaN for an unknown zone). */
function offsetAt(instantMs: number, timezone: string): number {
  if (instantMs < OFFSETS_FROM_MS) return tzOffset(timezone, new Date(instantMs));
  return offsets.get(`${timezone} ${Math.floor(instantMs / MINUTE_MS)}`, () => tzOffset(timezone, new Date(instantMs)));
}

/** Milliseconds of the instant's wall clock in the zone, read as if it were UTC. */
function wallClockMs(instantMs: number, timezone: string): number {
  const offset = offsetAt(instantMs, timezone);
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timezone}`);
  return instantMs + Math.round(offset * MINUTE_MS);
}

/** Instants that may show the given wall clock: one per offset in force within a day of it. */
function candidateInstants(wallMs: number, timezone: string): number[] {
  const offsets = new Set<number>();
  for (const probe of [wallMs - DAY_MS, wallMs, wallMs + DAY_MS]) {
    offsets.add(wallClockMs(probe, timezone) - probe);
  }
  return [...offsets].map((offsetMs) => wallMs - offsetMs);
}

function utcMsOfDate(date: LocalDate): number {
  if (!isLocalDate(date)) throw new RangeError(`Not a local date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
