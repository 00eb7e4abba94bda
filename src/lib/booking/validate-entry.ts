/** Where Validate sends the diner on entry when the booking it is given cannot be validated (spec section 8). */
import type { Booking } from '../../shared/api/booking.ts';
import { isCancelled } from '../../shared/booking-states.ts';
import { AUTH_PATHS, bookingCompletePath, bookingHomePath } from '../navigation/routes.ts';

/**
 * The entry checks Validate makes on the booking it loaded: already validated goes to BookingComplete, cancelled or
 * refused (25, 40) to the booking home, a diner without a phone to Onboarding; null when the draft may be validated.
 */
export function validateEntryTarget(booking: Pick<Booking, 'status' | 'bookingClient'>, merchantSlug: string, token: string): string | null {
  if (isCancelled(booking.status)) return bookingHomePath(merchantSlug);
  if (booking.status !== null) return bookingCompletePath(merchantSlug, token);
  if (booking.bookingClient && !booking.bookingClient.phone) return AUTH_PATHS.onboarding;
  return null;
}
