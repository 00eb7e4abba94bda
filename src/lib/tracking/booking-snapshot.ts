/** The last booking the tracking page showed, kept in local storage so a visited tracking page still shows it offline. */
import type { GetBookingResponse } from '../../shared/api/booking.ts';
import { readLocal, writeLocal } from '../platform/storage.ts';

/** The local storage key of the snapshots (not one of the spec's keys: the site's own offline copy). */
export const SNAPSHOT_KEY = 'booking_snapshots';
/** How many bookings are kept (the most recently shown ones). */
export const MAX_SNAPSHOTS = 5;

/** One kept booking answer and when it was read (unix ms). */
export interface BookingSnapshot {
  savedAt: number;
  answer: GetBookingResponse;
}

function readAll(): Record<string, BookingSnapshot> {
  try {
    const parsed: unknown = JSON.parse(readLocal(SNAPSHOT_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, BookingSnapshot>) : {};
  } catch {
    return {};
  }
}

/** Keeps the answer of api/booking/get for its token, forgetting the oldest beyond MAX_SNAPSHOTS. */
export function saveBookingSnapshot(answer: GetBookingResponse, now: number = Date.now()): void {
  const all = readAll();
  all[answer.booking.token] = { savedAt: now, answer };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, MAX_SNAPSHOTS);
  writeLocal(SNAPSHOT_KEY, JSON.stringify(Object.fromEntries(kept)));
}

/** The kept answer for a booking token, or null. */
export function readBookingSnapshot(token: string): BookingSnapshot | null {
  const snapshot = readAll()[token];
  return snapshot && snapshot.answer?.booking?.token === token ? snapshot : null;
}
