/** A booking's life cycle: which action leads from which status to which (the codes are in src/shared/booking-status.ts). */
import type { BookingStatusCode } from '../../shared/booking-status.ts';
import { DomainError } from './errors.ts';

/** Something that may happen to a booking; a draft (not yet validated) has status null. */
export type BookingAction = 'validate' | 'confirm' | 'refuse' | 'restaurant_cancel' | 'client_cancel' | 'finish';

/** Life-cycle stage of each live status: an action applies at some stages; later ones mean it is done. */
const stageOf = new Map<BookingStatusCode | null, number>([
  [null, 0],
  [10, 1],
  [20, 2],
  [30, 3],
]);

/** Per action: the stages it applies to, and the status it leads to (validate depends on autoConfirm). */
const rules: Record<BookingAction, { from: readonly number[]; to: (autoConfirm: boolean) => BookingStatusCode }> = {
  validate: { from: [0], to: (autoConfirm) => (autoConfirm ? 20 : 10) },
  confirm: { from: [1], to: () => 20 },
  refuse: { from: [1], to: () => 25 },
  restaurant_cancel: { from: [1, 2], to: () => 25 },
  client_cancel: { from: [0, 1, 2], to: () => 40 },
  finish: { from: [2], to: () => 30 },
};

/** The status an action leads to; throws 'canceled' (25/40), 'already_done' (past the stage) or 'invalid_transition' (before it). */
export function nextStatus(current: BookingStatusCode | null, action: BookingAction, opts: { autoConfirm: boolean }): BookingStatusCode {
  if (current === 25 || current === 40) {
    throw new DomainError('canceled', { status: current, action }, `Booking is cancelled; cannot ${action}`);
  }
  const stage = stageOf.get(current);
  if (stage === undefined) {
    throw new DomainError('invalid_transition', { status: current, action }, `Unknown status ${String(current)}`);
  }
  const rule = rules[action];
  if (rule.from.includes(stage)) return rule.to(opts.autoConfirm);
  const lastStage = Math.max(...rule.from);
  if (stage > lastStage) {
    throw new DomainError('already_done', { status: current, action }, `Cannot ${action} a booking in status ${current}`);
  }
  throw new DomainError('invalid_transition', { status: current, action }, `Cannot ${action} a booking in status ${current ?? 'draft'}`);
}

/** Whether a booking in this status occupies its table (a draft, pending or confirmed). */
export function holdsTable(status: BookingStatusCode | null): boolean {
  return status === null || status === 10 || status === 20;
}

/** Whether a booking is refused, finished or cancelled (25, 30, 40): no edit or update any more. */
export function isFinishedOrCancelled(status: BookingStatusCode | null): boolean {
  return status === 25 || status === 30 || status === 40;
}

/** The actions a booking's own time ends (see assertNotBegun). */
export type TimedAction = 'confirm' | 'client_cancel' | 'change';

/**
 * Once a booking's time has come the restaurant no longer confirms it, and the diner no longer cancels
 * or changes it once it is firm (pending or confirmed), so a no-show stays one; throws booking_time_passed.
 */
export function assertNotBegun(action: TimedAction, booking: { status: number | null; startsAt: Date }, now: Date): void {
  if (booking.startsAt.getTime() > now.getTime()) return;
  if (action === 'confirm' || booking.status === 10 || booking.status === 20) {
    throw new DomainError('booking_time_passed', { action }, `The booking's time has come; cannot ${action}`);
  }
}
