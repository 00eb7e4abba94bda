/** The restaurant's bookkeeping on a booking beside the spec's statuses: arrival, no-show, private note; each says when it applies. */
import { BookingStatus } from '../../shared/booking-status.ts';
import { DomainError } from './errors.ts';

type Marked = { status: number | null; startsAt: Date; arrivedAt: Date | null; noShowAt: Date | null };

/** Longest private note. */
export const MAX_STAFF_NOTE_LENGTH = 1000;

function assertLive(booking: Marked, action: string): void {
  if (booking.status === BookingStatus.Refused || booking.status === BookingStatus.Cancelled) {
    throw new DomainError('canceled', { status: booking.status, action }, `Booking is cancelled; cannot ${action}`);
  }
}

/** Marks a confirmed booking's diner as arrived (the status stays 20 until finished); throws when it does not apply. */
export function arrivedMark(booking: Marked, now: Date): { arrivedAt: Date } {
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
  return { arrivedAt: now };
}

/**
 * Records a no-show: a pending or confirmed booking whose time has come and whose diner has not arrived. It is
 * finished (30) for the diner's page, frees its table, and counts against the diner at this merchant.
 */
export function noShowMark(booking: Marked, now: Date): { status: 30; noShowAt: Date; holdsTable: false; holdExpiresAt: null } {
  assertLive(booking, 'no_show');
  if (booking.noShowAt || booking.arrivedAt || booking.status === BookingStatus.Finished) {
    throw new DomainError('already_done', { status: booking.status, action: 'no_show' }, 'The booking is already arrived, finished or a no-show');
  }
  if (booking.status !== BookingStatus.Pending && booking.status !== BookingStatus.Confirmed) {
    throw new DomainError('invalid_transition', { status: booking.status, action: 'no_show' }, 'A draft cannot be a no-show');
  }
  if (booking.startsAt.getTime() > now.getTime()) {
    throw new DomainError('invalid_transition', { status: booking.status, action: 'no_show' }, 'The booking\u2019s time has not come yet');
  }
  return { status: BookingStatus.Finished, noShowAt: now, holdsTable: false, holdExpiresAt: null };
}

/** Sets staff's private note on any booking but a draft. */
export function noteMark(booking: Marked, note: string): { staffNote: string } {
  if (booking.status === null) throw new DomainError('invalid_transition', { status: null, action: 'note' }, 'A draft takes no note');
  return { staffNote: note };
}
