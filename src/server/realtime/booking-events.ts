import type { Broadcaster } from './broadcaster.ts';

/** Name of the event the tracking page listens to. */
export const UPDATE_BOOKING_EVENT = 'UpdateBooking';

/**
 * What subscribers receive with UpdateBooking; the page reloads the booking, so this is a hint, not the
 * source of truth. `revision` grows with every write: an event older than what the page shows can be ignored.
 */
export type BookingUpdatePayload = { token: string; status: number | null; ref: string; revision: number; updatedAt: string };

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
  const payload: BookingUpdatePayload = {
    token: booking.token,
    status: booking.status,
    ref: booking.ref,
    revision: booking.revision,
    updatedAt: now.toISOString(),
  };
  return broadcaster.publish(bookingChannel(booking.token), UPDATE_BOOKING_EVENT, payload);
}
