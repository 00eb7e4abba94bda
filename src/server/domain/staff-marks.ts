/**
 * Staff's private note on a booking, beside its life cycle (the marks of the service, arrival, no-show, finish and
 * their undo, are actions of the life-cycle table: src/shared/booking-life-cycle.ts).
 */
import { DomainError } from './errors.ts';

/** Longest private note. */
export const MAX_STAFF_NOTE_LENGTH = 1000;

/** Sets staff's private note on any booking but a draft. */
export function noteMark(booking: { status: number | null }, note: string): { staffNote: string } {
  if (booking.status === null) throw new DomainError('invalid_transition', { status: null, action: 'note' }, 'A draft takes no note');
  return { staffNote: note };
}
