/** What the server itself does to bookings as time passes: finish the past ones, close the unanswered ones, release lapsed drafts. */
import { DomainError } from '../domain/errors.ts';
import { finishPastBookings, lockBooking, releaseExpiredDrafts, type BookingRow } from '../db/booking-store.ts';
import type { BookingWriter } from './booking-write.ts';

/** The server's own commands on bookings. */
export function createSystemCommands(w: BookingWriter) {
  const { deps } = w;

  /** Finishes a confirmed booking whose time has passed, unless another write got there first; the booking as it then is. */
  function finishIfPast(booking: BookingRow): Promise<BookingRow> {
    return w.step({
      lock: (tx) => lockBooking(tx, booking.id),
      action: 'finish',
      actor: 'system',
      skip: (fresh, now) => fresh.endsAt >= now,
      quiet: true,
    });
  }

  /**
   * Closes a booking still pending when its time (`startsAt`, as planned) has come: the restaurant never answered, so it
   * is refused (25) for the reason restaurant_no_answer and stops holding its table. Nothing happens to a booking
   * answered, moved or ended meanwhile.
   */
  async function closeUnanswered(bookingId: string, startsAt: Date): Promise<BookingRow | undefined> {
    try {
      return await w.step({
        lock: (tx) => lockBooking(tx, bookingId),
        action: 'close_unanswered',
        actor: 'system',
        // A booking moved since the job was planned has the job planned for its new time.
        skip: (fresh) => fresh.startsAt.getTime() !== startsAt.getTime(),
        values: () => Promise.resolve({ cancelReason: 'restaurant_no_answer' }),
        cause: 'close_unanswered',
        quiet: true,
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'booking_not_found') return undefined;
      throw error;
    }
  }

  /** Releases lapsed drafts (the table's expire) and finishes past confirmed bookings (its finish, set-based); run periodically. */
  async function sweep(): Promise<{ released: number; finished: number }> {
    const now = deps.now();
    const released = await releaseExpiredDrafts(w.db, now);
    const finished = await finishPastBookings(w.db, now);
    for (const booking of [...released, ...finished]) await deps.onChange(booking);
    return { released: released.length, finished: finished.length };
  }

  return { finishIfPast, closeUnanswered, sweep };
}
