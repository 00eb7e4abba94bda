/** How the staff book reads the day's closings: the whole day, each service's, the ranges; and a range asked for on the day's clock. */
import type { StaffCloseRequest, StaffClosing, StaffService } from '../../shared/api/staff.ts';
import { localDateOf, localTimeOf, localToInstant, minutesOfLocalTime } from '../../shared/local-time.ts';

/** The day's closings sorted out for drawing. */
export interface DayClosings {
  /** The closing of the whole day, if any. */
  day: StaffClosing | null;
  /** Each closed service's closing, by service id. */
  services: Map<string, StaffClosing>;
  /** The time ranges, by start. */
  ranges: StaffClosing[];
}

/** Sorts a day's closings into the whole day, the services and the ranges. */
export function sortClosings(closings: StaffClosing[]): DayClosings {
  return {
    day: closings.find((closing) => closing.kind === 'day') ?? null,
    services: new Map(closings.filter((closing) => closing.kind === 'shift' && closing.shift_id).map((closing) => [closing.shift_id!, closing])),
    ranges: closings.filter((closing) => closing.kind === 'range').sort((a, b) => a.starts_at.localeCompare(b.starts_at)),
  };
}

/** One end of a range on the merchant's clock: its day and "HH:mm". */
export interface LocalMoment {
  day: string;
  time: string;
}

/** A range's start and end on the merchant's clock. */
export function rangeOnClock(closing: Pick<StaffClosing, 'starts_at' | 'ends_at'>, timezone: string): { start: LocalMoment; end: LocalMoment } {
  const at = (iso: string) => ({ day: localDateOf(new Date(iso), timezone), time: localTimeOf(new Date(iso), timezone) });
  return { start: at(closing.starts_at), end: at(closing.ends_at) };
}

/** What the closing dialog asks for. */
export type CloseChoice = { kind: 'day' } | { kind: 'shift'; serviceId: string } | { kind: 'range'; from: string; until: string };

/**
 * The request for a choice on `day` (merchant-local), or why it cannot be made: a range ends after it starts, on the
 * same day, and both ends exist on the merchant's clock (not inside a spring-forward gap).
 */
export function closeRequest(day: string, timezone: string, choice: CloseChoice, note: string): StaffCloseRequest | { invalid: 'service' | 'range' } {
  const withNote = note.trim() ? { note: note.trim() } : {};
  if (choice.kind === 'day') return { kind: 'day', day, ...withNote };
  if (choice.kind === 'shift') return choice.serviceId ? { kind: 'shift', day, shift_id: choice.serviceId, ...withNote } : { invalid: 'service' };
  const valid = /^\d{2}:\d{2}$/;
  if (!valid.test(choice.from) || !valid.test(choice.until) || minutesOfLocalTime(choice.until) <= minutesOfLocalTime(choice.from)) return { invalid: 'range' };
  const start = localToInstant(day, choice.from, timezone);
  const end = localToInstant(day, choice.until, timezone);
  if (!start || !end) return { invalid: 'range' };
  return { kind: 'range', starts_at: start.toISOString(), ends_at: end.toISOString(), ...withNote };
}

/** The services a new closing may still name (those not closed already). */
export function openServices(services: StaffService[], closed: DayClosings): StaffService[] {
  return services.filter((service) => !closed.services.has(service.id));
}
