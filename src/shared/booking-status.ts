/** A booking's status codes (spec section 4) and why one ends: the server writes them, the browser reads them. */

/** Booking status codes of the spec (section 4). */
export const BookingStatus = { Pending: 10, Confirmed: 20, Refused: 25, Finished: 30, Cancelled: 40 } as const;
/** A booking status code: 10 pending, 20 confirmed, 25 refused or cancelled by the restaurant, 30 finished, 40 cancelled. */
export type BookingStatusCode = (typeof BookingStatus)[keyof typeof BookingStatus];
/** Why a booking was cancelled or refused (spec section 4; restaurant_no_answer: still pending when its time came, closed by the server). */
export type CancelReason = 'client_cancel' | 'restaurant_full' | 'restaurant_closed' | 'restaurant_cancelled' | 'restaurant_no_answer';
