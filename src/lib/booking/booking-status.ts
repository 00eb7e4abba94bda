/** What a booking's status means on the tracking page (spec sections 2 and 4): dot colour, edit, cancel and back-arrow rules. */
import type { BookingStatusCode } from '../../shared/booking-status.ts';
import { isCancelled, isFinished, isPending } from '../../shared/booking-states.ts';
import { bookingHomePath } from '../navigation/routes.ts';

// Its own module: the booking home's store needs it without the tracking page's rules.
export { mayManageBooking } from './may-manage-booking.ts';

/** The colour of the status dot: yellow while the restaurant checks, green when confirmed or finished, red when cancelled or refused. */
export type StatusDot = 'yellow' | 'green' | 'red' | 'grey';

/** The dot colour of a status (grey for a draft not yet validated). */
export function statusDot(status: BookingStatusCode | null): StatusDot {
  if (status === null) return 'grey';
  if (isPending(status)) return 'yellow';
  return isCancelled(status) ? 'red' : 'green';
}

/** What the back arrow's rule needs to know. */
export interface BackLinkContext {
  merchantSlug: string;
  /** document.referrer ('' when none). */
  referrer: string;
  /** The merchant's own website ('' when none). */
  merchantUrl: string;
  /** The page's own address, so a reload does not link to itself. */
  here: string;
}

function usableReferrer(referrer: string, here: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const self = new URL(here);
    // The page itself or the Validate page that led here would send the diner round in a circle.
    if (url.origin === self.origin && (url.pathname === self.pathname || url.pathname.includes('/validate/') || url.pathname.startsWith('/auth'))) {
      return null;
    }
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Where the back arrow leads, or null when none is shown (section 2): 25 and 40 go to the merchant's booking
 * home; 30 has none; any other status goes to the referrer page, else the merchant's website, else its booking home.
 */
export function trackingBackLink(status: BookingStatusCode | null, context: BackLinkContext): string | null {
  if (isFinished(status)) return null;
  const home = bookingHomePath(context.merchantSlug);
  if (isCancelled(status)) return home;
  return usableReferrer(context.referrer, context.here) ?? (context.merchantUrl || home);
}
