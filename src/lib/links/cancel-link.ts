/** The reminder's one-tap cancel link (`#manage=KEY&action=cancel`): what the tracking page does once it has read the booking. */
import type { BookingStatusCode } from '../../shared/booking-status.ts';
import { isCancelled, isFinished, mayDinerCancel } from '../../shared/booking-states.ts';
import { mayManageBooking } from '../booking/may-manage-booking.ts';

/**
 * What the cancel link leads to: the confirmation modal (the diner still confirms), or why it cannot: the key was
 * refused (or the booking is not this page's to change), the booking is already cancelled or refused, or it is over.
 * 'none' for a draft, which no message links to.
 */
export type CancelLinkOutcome = 'confirm' | 'refused' | 'cancelled' | 'finished' | 'none';

/** The cancel link's outcome for the booking as read after the key's exchange (keyAccepted: the exchange succeeded). */
export function cancelLinkOutcome(booking: { status: BookingStatusCode | null; canManage?: boolean }, keyAccepted: boolean): CancelLinkOutcome {
  if (booking.status === null) return 'none';
  if (isCancelled(booking.status)) return 'cancelled';
  if (isFinished(booking.status)) return 'finished';
  if (!keyAccepted || !mayManageBooking(booking)) return 'refused';
  return mayDinerCancel(booking.status) ? 'confirm' : 'none';
}
