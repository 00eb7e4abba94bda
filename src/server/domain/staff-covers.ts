/** Covers per start time of a day's book, against the merchant's pacing (maxCoversPerSlot). */
import { isLive } from '../../shared/booking-life-cycle.ts';

/** Covers booked to start at one local time, and the most the merchant takes then. */
export interface CoversAtTime {
  time: string;
  covers: number;
  max: number;
}

/** The covers of the bookings that hold a table (pending and confirmed), per start time, in time order. */
export function coversPerTime(bookings: ReadonlyArray<{ time: string; status: number; party: number }>, maxCoversPerSlot: number): CoversAtTime[] {
  const byTime = new Map<string, number>();
  for (const booking of bookings) {
    if (!isLive(booking.status)) continue;
    byTime.set(booking.time, (byTime.get(booking.time) ?? 0) + booking.party);
  }
  return [...byTime].sort(([a], [b]) => a.localeCompare(b)).map(([time, covers]) => ({ time, covers, max: maxCoversPerSlot }));
}
