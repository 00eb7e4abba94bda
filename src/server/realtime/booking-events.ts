import type { Broadcaster } from './broadcaster.ts';
import type { BookingStatusCode } from '../../shared/booking-status.ts';
import type { BookingUpdateEvent } from '../../shared/api/realtime.ts';

/** Name of the event the tracking page listens to. */
export const UPDATE_BOOKING_EVENT = 'UpdateBooking';

/**
 * What subscribers receive with UpdateBooking; the page reloads the booking, so this is a hint, not the
 * source of truth. `revision` grows with every write: an event older than what the page shows can be ignored.
 */
export type BookingUpdatePayload = BookingUpdateEvent;

/** Public channel of one booking, `booking.{token}`. */
export function bookingChannel(token: string): string {
  return `booking.${token}`;
}

/** Announces a change of a booking on its channel; never rejects (the broadcaster logs failures). */
export function publishBookingUpdate(
  broadcaster: Broadcaster,
  booking: { token: string; status: number | null; ref: string; revision: number },
  now: Date = new Date(),
): Promise<void> {
  return broadcaster.publish(bookingChannel(booking.token), UPDATE_BOOKING_EVENT, bookingUpdatePayload(booking, now));
}

/** The UpdateBooking payload of a booking as it stands at `now`, the same on every channel that carries it. */
export function bookingUpdatePayload(booking: { token: string; status: number | null; ref: string; revision: number }, now: Date): BookingUpdatePayload {
  return {
    token: booking.token,
    status: booking.status as BookingStatusCode | null,
    ref: booking.ref,
    revision: booking.revision,
    updatedAt: now.toISOString(),
  };
}
