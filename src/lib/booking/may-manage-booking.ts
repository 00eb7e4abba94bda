/** Whether this page may change a booking: the rule the booking home and the tracking page share. */
import type { BookingStatusCode } from '../../shared/booking-status.ts';

/**
 * Whether this page may change the booking (Edit, Cancel, Comment): the answer's canManage, true for the owner's session
 * or the manage link's, false for a shared link. A draft (no status) has no diner to prove yet: whoever made it goes on
 * (NoAuth asks for a code if it has one). A copy kept before the flag existed was the own device's: manageable.
 */
export function mayManageBooking(booking: { status: BookingStatusCode | null; canManage?: boolean }): boolean {
  return booking.status === null || booking.canManage !== false;
}
