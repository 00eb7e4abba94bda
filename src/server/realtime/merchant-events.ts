/** The restaurant's live channel: every change of a merchant's bookings, on a private channel only its staff may join. */
import type { Broadcaster } from './broadcaster.ts';
import { bookingUpdatePayload, UPDATE_BOOKING_EVENT } from './booking-events.ts';
import { availabilityChannelName, UPDATE_AVAILABILITY_EVENT, type AvailabilityUpdateEvent } from '../../shared/api/realtime.ts';

const PREFIX = 'private-merchant.';

/** Private channel of one merchant's bookings, `private-merchant.{merchantId}`. */
export function merchantChannel(merchantId: string): string {
  return `${PREFIX}${merchantId}`;
}

/** Whether a channel name is a merchant's channel (whose, the auth endpoint checks). */
export function isMerchantChannel(channel: string): boolean {
  return channel.startsWith(PREFIX);
}

/** Announces a change of a booking on its merchant's channel (the same UpdateBooking as on booking.{token}); never rejects. */
export function publishMerchantBookingUpdate(
  broadcaster: Broadcaster,
  booking: { merchantId: string; token: string; status: number | null; ref: string; revision: number },
  now: Date = new Date(),
): Promise<void> {
  return broadcaster.publish(merchantChannel(booking.merchantId), UPDATE_BOOKING_EVENT, bookingUpdatePayload(booking, now));
}

/** Name of the event announcing that a merchant's closings changed. */
export const UPDATE_CLOSINGS_EVENT = 'UpdateClosings';

/** Announces on the merchant's channel that a closing was made or removed (the book reloads the closings); never rejects. */
export function publishMerchantClosings(
  broadcaster: Broadcaster,
  merchantId: string,
  change: { id: string; action: 'created' | 'deleted'; day: string },
  now: Date = new Date(),
): Promise<void> {
  return broadcaster.publish(merchantChannel(merchantId), UPDATE_CLOSINGS_EVENT, { ...change, updatedAt: now.toISOString() });
}

/** Name of the event announcing that staff saved a guest profile (the book reads its day again for the badges). */
export const UPDATE_GUEST_EVENT = 'UpdateGuest';

/** Announces on the merchant's channel that a guest profile was saved, naming nothing of it; never rejects. */
export function publishMerchantGuest(broadcaster: Broadcaster, merchantId: string, now: Date = new Date()): Promise<void> {
  return broadcaster.publish(merchantChannel(merchantId), UPDATE_GUEST_EVENT, { updatedAt: now.toISOString() });
}

/**
 * Announces on the merchant's public availability channel that a closing was made or removed, or that a saved
 * definition changed what is bookable, so open booking pages read their times again (only the day: who closed it and
 * why stay on the private channel); never rejects.
 */
export function publishAvailabilityChange(
  broadcaster: Broadcaster,
  slug: string,
  change: { action: AvailabilityUpdateEvent['action']; day: string | null },
  now: Date = new Date(),
): Promise<void> {
  const event: AvailabilityUpdateEvent = { day: change.day, action: change.action, updatedAt: now.toISOString() };
  return broadcaster.publish(availabilityChannelName(slug), UPDATE_AVAILABILITY_EVENT, event);
}
