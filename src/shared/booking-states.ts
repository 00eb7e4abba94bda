/**
 * A booking's states: the stored status codes and the states derived from staff's marks, and the predicates both sides
 * ask of them. The life cycle's part every diner page needs (src/shared/booking-life-cycle.ts adds who may do what,
 * when, and to which state, which only the server and the staff book ask): the diner's pages load this alone.
 */
import { BookingStatus, type BookingStatusCode } from './booking-status.ts';

/**
 * Where a booking stands: a draft (not validated, status null), pending (10), confirmed (20), arrived (20 with an
 * arrival: the diner is seated), no_show (30 with a no-show), finished (30), refused (25) or cancelled (40).
 */
export type LifeState = 'draft' | 'pending' | 'confirmed' | 'arrived' | 'no_show' | 'finished' | 'refused' | 'cancelled';

/** Every state, in the order of the life cycle. */
export const LIFE_STATES: readonly LifeState[] = ['draft', 'pending', 'confirmed', 'arrived', 'no_show', 'finished', 'refused', 'cancelled'];

/** What decides a booking's state as stored: its status, and staff's marks (arrived, no-show). */
export interface StoredState {
  status: number | null;
  /** Whether staff marked the diner arrived (a date, a flag, or absent for none). */
  arrived?: unknown;
  /** Whether staff marked a no-show. */
  noShow?: unknown;
}

/** The state of a booking as stored. */
export function lifeStateOf({ status, arrived, noShow }: StoredState): LifeState {
  if (status === null) return 'draft';
  if (status === BookingStatus.Pending) return 'pending';
  if (status === BookingStatus.Confirmed) return arrived ? 'arrived' : 'confirmed';
  if (status === BookingStatus.Finished) return noShow ? 'no_show' : 'finished';
  if (status === BookingStatus.Refused) return 'refused';
  return 'cancelled';
}

/** The status code a state is stored as. */
export function statusOfState(state: LifeState): BookingStatusCode | null {
  return STORED[state];
}

const STORED: Record<LifeState, BookingStatusCode | null> = {
  draft: null,
  pending: BookingStatus.Pending,
  confirmed: BookingStatus.Confirmed,
  arrived: BookingStatus.Confirmed,
  no_show: BookingStatus.Finished,
  finished: BookingStatus.Finished,
  refused: BookingStatus.Refused,
  cancelled: BookingStatus.Cancelled,
};

/** The statuses of a live booking, validated and not ended: pending and confirmed (the SQL's lists read this). */
export const LIVE_STATUSES: readonly BookingStatusCode[] = [BookingStatus.Pending, BookingStatus.Confirmed];

/** The statuses of an ended booking: refused, finished, cancelled. */
export const ENDED_STATUSES: readonly BookingStatusCode[] = [BookingStatus.Refused, BookingStatus.Finished, BookingStatus.Cancelled];

/** The statuses the staff book lists on a day: live ones and finished ones. */
export const BOOK_STATUSES: readonly BookingStatusCode[] = [...LIVE_STATUSES, BookingStatus.Finished];

/** Whether a booking is live: pending or confirmed (validated, not ended). */
export function isLive(status: number | null): boolean {
  return status === BookingStatus.Pending || status === BookingStatus.Confirmed;
}

/** Whether a booking is pending: it waits for the restaurant's answer. */
export function isPending(status: number | null): boolean {
  return status === BookingStatus.Pending;
}

/** Whether a booking is confirmed (arrived or not). */
export function isConfirmed(status: number | null): boolean {
  return status === BookingStatus.Confirmed;
}

/** Whether a booking is finished (a no-show too). */
export function isFinished(status: number | null): boolean {
  return status === BookingStatus.Finished;
}

/** Whether a booking in this status occupies its table: a draft (while its hold lasts), pending or confirmed. */
export function holdsTable(status: number | null): boolean {
  return status === null || isLive(status);
}

/** Whether a booking was refused or cancelled (25 or 40). */
export function isCancelled(status: number | null): boolean {
  return status === BookingStatus.Refused || status === BookingStatus.Cancelled;
}

/** Whether a booking ended: refused, finished or cancelled (no change, no comment any more). */
export function isEnded(status: number | null): boolean {
  return isCancelled(status) || isFinished(status);
}

/** Whether the diner may still change a booking (date, party, comment): a draft, pending or confirmed booking. */
export function mayDinerChange(status: number | null): boolean {
  return !isEnded(status);
}

/** Whether the diner's page offers to cancel: a validated booking still live. */
export function mayDinerCancel(status: number | null): boolean {
  return isLive(status);
}
