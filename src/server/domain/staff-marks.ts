/**
 * The restaurant's bookkeeping on a booking beside the spec's statuses: arrival, no-show, finish, their undo and a
 * private note; each says when it applies. Arrival, no-show and finish are facts of the service, so they are recorded
 * only around the booking's own time (its service window) and may be undone for the rest of that service.
 */
import { BookingStatus } from '../../shared/booking-status.ts';
import { serviceWindow } from '../../shared/service-window.ts';
import { DomainError } from './errors.ts';

type Marked = {
  status: number | null;
  startsAt: Date;
  endsAt: Date;
  /** The merchant-local day of the booking. */
  localDate: string;
  arrivedAt: Date | null;
  noShowAt: Date | null;
  holdsTable: boolean;
};

/** Longest private note. */
export const MAX_STAFF_NOTE_LENGTH = 1000;

function assertLive(booking: Marked, action: string): void {
  if (booking.status === BookingStatus.Refused || booking.status === BookingStatus.Cancelled) {
    throw new DomainError('canceled', { status: booking.status, action }, `Booking is cancelled; cannot ${action}`);
  }
}

/** Throws outside_service_window unless `now` lies in [from, closes) of the booking's service window. */
function assertInWindow(booking: Marked, action: string, now: Date, timezone: string, from: 'opens' | 'starts'): void {
  const window = serviceWindow(booking, timezone);
  const opens = from === 'opens' ? window.opens : booking.startsAt;
  if (now.getTime() < opens.getTime() || now.getTime() >= window.closes.getTime()) {
    throw new DomainError(
      'outside_service_window',
      { action, opens_at: opens.toISOString(), closes_at: window.closes.toISOString() },
      `Only between ${opens.toISOString()} and ${window.closes.toISOString()} can staff ${action} this booking`,
    );
  }
}

/** Marks a confirmed booking's diner as arrived (the status stays 20 until finished), from an hour before its time to the end of its service. */
export function arrivedMark(booking: Marked, now: Date, timezone: string): { arrivedAt: Date } {
  assertLive(booking, 'arrived');
  if (booking.arrivedAt || booking.noShowAt || booking.status === BookingStatus.Finished) {
    throw new DomainError('already_done', { status: booking.status, action: 'arrived' }, 'The booking is already arrived, finished or a no-show');
  }
  if (booking.status !== BookingStatus.Confirmed) {
    throw new DomainError(
      'invalid_transition',
      { status: booking.status, action: 'arrived' },
      'Only a confirmed booking\u2019s diner arrives: confirm it first',
    );
  }
  assertInWindow(booking, 'arrived', now, timezone, 'opens');
  return { arrivedAt: now };
}

/**
 * Records a no-show: a pending or confirmed booking whose time has come (and whose service is not over) and whose
 * diner has not arrived. It is finished (30) for the diner's page, frees its table, and counts against the diner here.
 */
export function noShowMark(booking: Marked, now: Date, timezone: string): { status: 30; noShowAt: Date; holdsTable: false; holdExpiresAt: null } {
  assertLive(booking, 'no_show');
  if (booking.noShowAt || booking.arrivedAt || booking.status === BookingStatus.Finished) {
    throw new DomainError('already_done', { status: booking.status, action: 'no_show' }, 'The booking is already arrived, finished or a no-show');
  }
  if (booking.status !== BookingStatus.Pending && booking.status !== BookingStatus.Confirmed) {
    throw new DomainError('invalid_transition', { status: booking.status, action: 'no_show' }, 'A draft cannot be a no-show');
  }
  assertInWindow(booking, 'no_show', now, timezone, 'starts');
  return { status: BookingStatus.Finished, noShowAt: now, holdsTable: false, holdExpiresAt: null };
}

/** Finishes a booking whose diner has arrived (20 with an arrival, to 30): the table is free again. */
export function finishMark(booking: Marked): { status: 30; holdsTable: false; holdExpiresAt: null } {
  assertLive(booking, 'finish');
  if (booking.status === BookingStatus.Finished) {
    throw new DomainError('already_done', { status: booking.status, action: 'finish' }, 'The booking is already finished');
  }
  if (booking.status !== BookingStatus.Confirmed || !booking.arrivedAt) {
    throw new DomainError('invalid_transition', { status: booking.status, action: 'finish' }, 'Only a booking whose diner has arrived finishes');
  }
  return { status: BookingStatus.Finished, holdsTable: false, holdExpiresAt: null };
}

/** What an undo writes: the booking back to confirmed (20), holding its table again. */
export type UndoMark = { status: 20; arrivedAt?: null; noShowAt: null; holdsTable: true; holdExpiresAt: null };

/**
 * Undoes staff's last mark for the rest of the booking's service: a finish goes back to arrived, an arrival or a
 * no-show back to confirmed (a no-show or a finish takes its table again). Throws invalid_transition when there is
 * nothing to undo, outside_service_window once the service is over.
 */
export function undoMark(booking: Marked, now: Date, timezone: string): UndoMark {
  assertLive(booking, 'undo');
  const finished = booking.status === BookingStatus.Finished;
  const marked = finished ? booking.arrivedAt !== null || booking.noShowAt !== null : booking.status === BookingStatus.Confirmed && booking.arrivedAt !== null;
  if (!marked) {
    throw new DomainError('invalid_transition', { status: booking.status, action: 'undo' }, 'Nothing to undo: no arrival, no-show or finish by staff');
  }
  assertInWindow(booking, 'undo', now, timezone, 'opens');
  // A finish after an arrival steps back to arrived; an arrival or a no-show back to plain confirmed.
  const backToArrived = finished && booking.noShowAt === null;
  return {
    status: BookingStatus.Confirmed,
    ...(backToArrived ? {} : { arrivedAt: null }),
    noShowAt: null,
    holdsTable: true,
    holdExpiresAt: null,
  };
}

/** Sets staff's private note on any booking but a draft. */
export function noteMark(booking: Pick<Marked, 'status'>, note: string): { staffNote: string } {
  if (booking.status === null) throw new DomainError('invalid_transition', { status: null, action: 'note' }, 'A draft takes no note');
  return { staffNote: note };
}
