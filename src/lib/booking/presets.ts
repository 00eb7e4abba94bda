/** BookingHome's query presets (spec sections 2, 4, 5): token, seats, asap, when and lang. */
import { isLocalDate, isLocalTime, localDateOf, localToInstant, startOfLocalDay } from '../../shared/local-time.ts';
import type { Lang } from '../../i18n/t.ts';
import type { Slot } from '../../shared/api/slots.ts';
import type { LocalDate, LocalTime } from '../../shared/local-time.ts';
import { normalizeLang } from '../platform/storage.ts';

/** A `when` value read: a merchant-local day and time, or an instant (when it names its offset). */
export type WhenValue = { kind: 'local'; date: LocalDate; time: LocalTime | null } | { kind: 'instant'; ms: number };

/** Everything BookingHome's address may preset; null (or false) when absent or invalid. */
export interface BookingPresets {
  /** An existing booking to edit. */
  token: string | null;
  /** Guests: an integer greater than 0. */
  seats: number | null;
  /** asap=1: today and the first available slot from now. */
  asap: boolean;
  when: WhenValue | null;
  /** Overrides the stored language. */
  lang: Lang | null;
}

/** A day to open and the earliest time (unix seconds) whose slot may be picked on it. */
export interface PresetTarget {
  date: LocalDate;
  atOrAfter: number;
  /** Only that very time, when still free (choices kept over a reload), never a later one. */
  exact?: boolean;
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;
const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const UNIX_SECONDS = /^\d{9,10}$/;

/** seats: a whole number greater than 0 written in digits, else null. */
export function parseSeats(value: string | null | undefined): number | null {
  const text = (value ?? '').trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  const seats = Number(text);
  return seats > 0 ? seats : null;
}

/** token: a booking token's shape, else null. */
export function parseToken(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  return TOKEN.test(text) ? text : null;
}

/** asap: only the value 1 counts. */
export function parseAsap(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '1';
}

/** when: a valid date, date-time (merchant-local), date-time with offset, or unix seconds; else null. */
export function parseWhen(value: string | null | undefined): WhenValue | null {
  const text = (value ?? '').trim();
  if (UNIX_SECONDS.test(text)) return { kind: 'instant', ms: Number(text) * 1000 };
  if (OFFSET_DATE_TIME.test(text)) {
    const ms = Date.parse(text.replace(' ', 'T'));
    // Date.parse rolls impossible days over (Feb 30): the calendar part must be a real date too.
    return Number.isFinite(ms) && isLocalDate(text.slice(0, 10)) ? { kind: 'instant', ms } : null;
  }
  const local = LOCAL_DATE_TIME.exec(text);
  if (!local) return null;
  const [, date = '', hours, minutes] = local;
  if (!isLocalDate(date)) return null;
  if (hours === undefined) return { kind: 'local', date, time: null };
  const time = `${hours}:${minutes}`;
  return isLocalTime(time) ? { kind: 'local', date, time } : null;
}

/** Reads the presets from a query string (with or without its leading ?). */
export function parsePresets(search: string | URLSearchParams): BookingPresets {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    token: parseToken(params.get('token')),
    seats: parseSeats(params.get('seats')),
    asap: parseAsap(params.get('asap')),
    when: parseWhen(params.get('when')),
    lang: params.has('lang') ? normalizeLang(params.get('lang')) : null,
  };
}

/** The day and earliest time the presets ask for (asap first, then when), or null when neither is set. */
export function presetTarget(presets: Pick<BookingPresets, 'asap' | 'when'>, nowMs: number, timezone: string): PresetTarget | null {
  if (presets.asap) return { date: localDateOf(new Date(nowMs), timezone), atOrAfter: Math.floor(nowMs / 1000) };
  const when = presets.when;
  if (!when) return null;
  if (when.kind === 'instant') return { date: localDateOf(new Date(when.ms), timezone), atOrAfter: Math.floor(when.ms / 1000) };
  const at = when.time ? localToInstant(when.date, when.time, timezone) : null;
  // No time (or one skipped by a DST change): from the start of that day.
  const from = at ?? startOfLocalDay(when.date, timezone);
  return { date: when.date, atOrAfter: Math.floor(from.getTime() / 1000) };
}

/** The slot a preset picks: the exact time if available, else the next available one after it; null if none. */
export function pickPresetSlot(slots: readonly Slot[], atOrAfter: number): Slot | null {
  const candidates = slots.filter((slot) => slot.available && slot.timestamp >= atOrAfter);
  candidates.sort((a, b) => a.timestamp - b.timestamp);
  return candidates[0] ?? null;
}
