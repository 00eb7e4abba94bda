/** $timelineMove: a booking being moved on the staff timeline (a drag or the keyboard), its call to the move route and its refusal. */
import { atom } from 'nanostores';
import { staffApi, type StaffApi } from '../lib/api/staff-api.ts';
import type { Failure, FailureCode } from '../shared/api/outcome.ts';
import { actOnBooking } from './staff-book.ts';
import type { StaffOutcome } from './staff-session.ts';

/**
 * No move, one asked of the server (its bar waits at the target), the last one refused (its bar is back; the book says
 * why), or a bar let go where no table is (a zone's heading, outside the rows: back in place, the book says where to drop).
 */
export type TimelineMove =
  | { status: 'idle' }
  | { status: 'moving'; token: string; tableId: string; atMs: number }
  | { status: 'refused'; token: string; failure: Omit<Failure, 'ok'> }
  | { status: 'missed'; token: string };

/** The timeline's move. */
export const $timelineMove = atom<TimelineMove>({ status: 'idle' });

/**
 * Moves a booking to a table at a start (ms) through the staff move route, which checks it as the move dialog's call is
 * checked; the day is read again after a move. A refusal stays until the next move or forgetRefusal.
 */
export async function moveOnTimeline(token: string, tableId: string, atMs: number, api: StaffApi = staffApi): Promise<StaffOutcome> {
  $timelineMove.set({ status: 'moving', token, tableId, atMs });
  const outcome = await actOnBooking(token, { kind: 'move', datetime: Math.round(atMs / 1000), tableId }, api);
  const shown = $timelineMove.get();
  // A later move replaced this one meanwhile: it tells its own outcome.
  if (shown.status !== 'moving' || shown.token !== token || shown.tableId !== tableId || shown.atMs !== atMs) return outcome;
  $timelineMove.set(outcome.ok ? { status: 'idle' } : { status: 'refused', token, failure: outcome });
  return outcome;
}

/** Shows a refusal the book told at once, without asking the server (a start in the past, a table that does not fit). */
export function refuseOnTimeline(token: string, code: FailureCode): void {
  $timelineMove.set({ status: 'refused', token, failure: { code } });
}

/** A bar was dropped on no table: it stays where it was, and the book says a drop goes on a table's line. */
export function missOnTimeline(token: string): void {
  $timelineMove.set({ status: 'missed', token });
}

/** The refusal (or the missed drop) has been read, or the day changed: nothing is said any more. */
export function forgetRefusal(): void {
  const { status } = $timelineMove.get();
  if (status === 'refused' || status === 'missed') $timelineMove.set({ status: 'idle' });
}
