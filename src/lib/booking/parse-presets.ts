/** Reads BookingHome's presets from its address; loaded only when the address has a query (most visits have none). */
import { isLocalDate, isLocalTime } from '../../shared/local-time.ts';
import { normalizeLang } from '../platform/storage.ts';
import type { BookingPresets, WhenValue } from './presets.ts';

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
