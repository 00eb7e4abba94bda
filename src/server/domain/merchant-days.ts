/** The merchant-local days a span of time touches: what a booking or a closing locks before it writes. */
import { addDaysToLocalDate, localDateOf, type LocalDate } from '../../shared/local-time.ts';

/** A span of instants, its end excluded (a booking's table time, a closing). */
export interface Span {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Every merchant-local day that one of `spans` touches, sorted, each once: a table time from 23:45 to 01:15 touches
 * two days, so two bookings whose table times overlap always share one of their days.
 */
export function daysTouched(spans: readonly Span[], timezone: string): LocalDate[] {
  const days = new Set<LocalDate>();
  for (const { startsAt, endsAt } of spans) {
    const last = localDateOf(new Date(Math.max(startsAt.getTime(), endsAt.getTime() - 1)), timezone);
    for (let day = localDateOf(startsAt, timezone); day <= last; day = addDaysToLocalDate(day, 1)) days.add(day);
  }
  return [...days].sort();
}
