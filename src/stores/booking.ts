/** $booking, $bookingToken and $currentBookingToken, and reading the booking (spec sections 4 and 8); its writes are in booking-writes.ts. */
import { atom, computed } from 'nanostores';
import type { Lang } from '../i18n/t.ts';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { Failure, FailureCode } from '../shared/api/outcome.ts';
import type { Booking } from '../shared/api/booking.ts';
import type { BookingStatusCode } from '../shared/booking-status.ts';
import { isEnded } from '../shared/booking-states.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import { mayManageBooking } from '../lib/booking/may-manage-booking.ts';
import { bookingCompletePath, bookingHomePath } from '../lib/navigation/routes.ts';
import { getMerchantToken, getTabMerchantToken, setMerchantToken } from '../lib/platform/storage.ts';
import { resumeGuestSession } from './auth.ts';
import { $currentBookingToken, $merchant, $merchantSlug, takeMerchant } from './merchant.ts';
import { prefillSelection } from './selection.ts';

export { $currentBookingToken };

/** The booking being made, changed or followed. */
export const $booking = atom<Booking | null>(null);
/** The token of that booking (also stored as token_{merchant}). */
export const $bookingToken = atom<string | null>(null);
/** The diner's live booking stored for this merchant while BookingHome starts a new one (the banner links to it). */
export const $storedBookingToken = atom<string | null>(null);

/** Whether a status means refused, finished or cancelled (25, 30, 40): no edit, no update. */
export function isFinishedStatus(status: BookingStatusCode | null | undefined): boolean {
  return status !== undefined && isEnded(status);
}

/** A booking with a status exists: Update and Cancel replace Continue. */
export const $isExistingBooking = computed($booking, (booking) => booking !== null && booking.status !== null);

/** A refusal the browser words more closely than the server's code: a choice not made, or what exactly is closed. */
export type BookingMessageCode = 'incomplete_selection' | 'merchant_closed_lunch' | 'merchant_closed_dinner' | 'merchant_closed_range';

/** An action's result: where to go, or a failure to show (its code and the values its message needs). */
export type BookingOutcome =
  | { ok: true; to: string | null }
  | (Omit<Failure, 'code'> & { code: FailureCode | BookingMessageCode; to: string | null; vars?: Record<string, string | number> });

/** An action's failure as its FailureCode, HTTP status and answer body (network_error when nothing answered). */
export function failureOf(error: unknown): { code: FailureCode; status: number; body: Record<string, unknown> } {
  if (!isApiError(error)) return { code: 'network_error', status: 0, body: {} };
  const body = error.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
  return { code: failureCodeOf(error), status: error.status, body };
}

/** The values a seats message needs: {min} / {max} from the answer, else from the merchant's settings. */
export function seatVars(body: Record<string, unknown>): Record<string, number> {
  const settings = $merchant.get()?.settings;
  const pick = (key: string, fallback: number | undefined) => (typeof body[key] === 'number' ? (body[key] as number) : fallback);
  const vars: Record<string, number> = {};
  const min = pick('min', settings?.minClientsPerBookings);
  const max = pick('max', settings?.maxClientsPerBookings);
  if (min !== undefined) vars.min = min;
  if (max !== undefined) vars.max = max;
  return vars;
}

/** Holds a booking the API returned (and its token). */
export function takeBooking(booking: Booking): void {
  $booking.set(booking);
  $bookingToken.set(booking.token);
}

/**
 * Holds a booking read from the API unless the one held is the same booking at a later revision: a read sent before an
 * update may answer after it and must not undo it. Returns whether it was taken.
 */
export function takeLatestBooking(booking: Booking): boolean {
  const held = $booking.get();
  if (held && held.token === booking.token && held.revision > booking.revision) return false;
  takeBooking(booking);
  return true;
}

/** Forgets the booking here and in storage. */
export function discardBooking(): void {
  $booking.set(null);
  $bookingToken.set(null);
}

/**
 * On BookingHome: what to do with the diner's booking here. ?token (the tracking page's Edit) opens that booking to
 * edit; a draft this tab stored for the merchant is taken up again (another tab's is left to it); a live booking stored for it is only offered by the banner
 * ($storedBookingToken) while the page starts a new booking. A finished or cancelled one (25, 30, 40) is discarded.
 */
export async function openBookingOnHome(
  slug: string,
  queryToken: string | null,
  lang?: Lang,
  api: Pick<BookingApi, 'getBooking'> = bookingApi,
): Promise<{ state: 'none' | 'loaded' | 'offered' | 'discarded' | 'failed'; to: string | null }> {
  $merchantSlug.set(slug);
  $storedBookingToken.set(null);
  const token = queryToken ?? getMerchantToken(slug);
  if (!token) return { state: 'none', to: null };
  // Editing a booking a guest made here: its own guest session, not the one of a later booking.
  if (queryToken) resumeGuestSession(queryToken);
  try {
    const { booking } = await api.getBooking(token, slug, lang);
    if (isFinishedStatus(booking.status)) {
      discardBooking();
      // The stored token may be the one discarded even when nothing was held yet.
      setMerchantToken(slug, null);
      return { state: 'discarded', to: queryToken ? bookingHomePath(slug) : null };
    }
    // Someone who may only view it (a shared link's reader) cannot change it: back to its tracking page.
    if (queryToken && !mayManageBooking(booking)) return { state: 'none', to: bookingCompletePath(slug, booking.token) };
    if (!queryToken && booking.status !== null) {
      // A new visit is a new booking: the live one stays as it is, one tap away.
      $storedBookingToken.set(booking.token);
      return { state: 'offered', to: null };
    }
    // Another tab's booking in progress is that tab's: this one starts its own rather than change it under it.
    if (!queryToken && getTabMerchantToken(slug) !== booking.token) return { state: 'none', to: null };
    takeBooking(booking);
    prefillSelection({
      date: booking.bookingForDate,
      guests: booking.clientCount,
      zoneId: booking.bookingZone.id,
      slot: { timestamp: booking.bookingForTimestamp, hour: booking.bookingForHour, available: true },
    });
    return { state: 'loaded', to: null };
  } catch (error) {
    // A token the server no longer knows is of no use to keep.
    if (failureOf(error).code === 'booking_not_found') setMerchantToken(slug, null);
    return { state: 'failed', to: null };
  }
}

/** Loads a booking by token and merchant (Validate, BookingComplete, and each UpdateBooking event); resolves to the booking held then (the newest revision). */
export async function loadBooking(slug: string, token: string, lang?: Lang, api: Pick<BookingApi, 'getBooking'> = bookingApi): Promise<Booking> {
  // Cancel and comment then go with the guest session that booking was made with.
  resumeGuestSession(token);
  const answer = await api.getBooking(token, slug, lang);
  takeMerchant(answer);
  takeLatestBooking(answer.booking);
  return $booking.get() ?? answer.booking;
}

// The token is kept per merchant so sign-in, NoAuth and a later visit find the booking again; discarding forgets it.
$bookingToken.listen((token) => {
  const slug = $merchantSlug.get();
  if (slug) setMerchantToken(slug, token);
});
