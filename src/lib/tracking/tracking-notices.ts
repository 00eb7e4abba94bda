/** Which notices the tracking page shows for a booking (spec section 2, BookingComplete body). */
import type { Booking } from '../../shared/api/booking.ts';
import { BookingStatus } from '../../shared/booking-status.ts';
import { isCancelled, isPending } from '../../shared/booking-states.ts';
import { mayManageBooking } from '../booking/booking-status.ts';

/** Below this much time before the booked hour, a pending diner is told to call rather than to wait for the SMS. */
export const CALL_HINT_WINDOW_SECONDS = 24 * 3600;

/** The cancellation block of a cancelled or refused booking. */
export interface CancellationNotice {
  /** The reason's key under cancelReason.*, or null for the generic cancelled text. */
  reason: string | null;
  /** The restaurant's own message (never for client_cancel). */
  message: string | null;
}

/** What the body shows. */
export interface TrackingNotices {
  /** Status 10: the restaurant is checking the booking. */
  checking: boolean;
  /** Status 10 after the diner changed it: the lead says the change awaits the restaurant's answer. */
  changeAwaitsAnswer: boolean;
  /**
   * Status 10: 'call' (not validated yet, try to call) close to the booked time, else 'sms' (a confirmation SMS will follow);
   * null while the restaurant is unavailable, whose own notice already gives its phone.
   */
  pendingHint: 'call' | 'sms' | null;
  /** showUnavailableMerchant: the restaurant seems unavailable, with its phone. */
  unavailable: boolean;
  /** Statuses 25 and 40. */
  cancellation: CancellationNotice | null;
  /** The animated illustration, shown unless the status is 40. */
  illustration: boolean;
}

// Close to the booked time: call. Else the SMS will follow, which goes to the diner who booked, not to whoever follows a
// shared link (canManage false): they get no hint.
function pendingHint(booking: Pick<Booking, 'status' | 'bookingForTimestamp' | 'canManage'>, nowSeconds: number): 'call' | 'sms' | null {
  if (booking.bookingForTimestamp - nowSeconds < CALL_HINT_WINDOW_SECONDS) return 'call';
  return mayManageBooking(booking) ? 'sms' : null;
}

/** The notices of a booking at `nowSeconds` (unix seconds). */
export function trackingNotices(
  booking: Pick<
    Booking,
    'status' | 'bookingForTimestamp' | 'showUnavailableMerchant' | 'bookingCancelReason' | 'bookingCancelMessage' | 'canManage' | 'changeAwaitsAnswer'
  >,
  nowSeconds: number,
): TrackingNotices {
  const { status } = booking;
  const pending = isPending(status);
  let cancellation: CancellationNotice | null = null;
  if (isCancelled(status)) {
    const reason = booking.bookingCancelReason || null;
    const message = reason && reason !== 'client_cancel' ? booking.bookingCancelMessage?.trim() || null : null;
    cancellation = { reason, message };
  }
  return {
    checking: pending,
    changeAwaitsAnswer: pending && booking.changeAwaitsAnswer === true,
    // An unavailable restaurant will not send the promised SMS soon, and its notice already says to call: no second hint.
    pendingHint: pending && !booking.showUnavailableMerchant ? pendingHint(booking, nowSeconds) : null,
    unavailable: booking.showUnavailableMerchant,
    cancellation,
    illustration: status !== BookingStatus.Cancelled,
  };
}
