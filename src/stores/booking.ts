/** $booking, $bookingToken and $currentBookingToken, with the booking actions and where each leads (spec sections 4 and 8). */
import { atom, computed } from 'nanostores';
import type { Lang } from '../i18n/t.ts';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { Failure, FailureCode, Outcome } from '../shared/api/outcome.ts';
import type { Booking } from '../shared/api/booking.ts';
import type { BookingStatusCode } from '../shared/booking-status.ts';
import { isEnded } from '../shared/booking-states.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import { mayManageBooking } from '../lib/booking/may-manage-booking.ts';
import { AUTH_PATHS, bookingCompletePath, bookingHomePath, validatePath } from '../lib/navigation/routes.ts';
import { getMerchantToken, getTabMerchantToken, setMerchantToken, setReturnPath } from '../lib/platform/storage.ts';
import { $auth, handleUnauthorized, resumeGuestSession, sessionCovers } from './auth.ts';
import { $currentBookingToken, $merchant, $merchantSlug, takeMerchant } from './merchant.ts';
import { $selection, canBook, prefillSelection } from './selection.ts';
import { reloadAvailability } from './availability-live.ts';

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

/** Where to go after create (section 4): BookingComplete if it has a status, else Validate when signed in, else NoAuth. */
export function afterCreateTarget(booking: Pick<Booking, 'status'>, merchantSlug: string, token: string, signedIn: boolean): string {
  if (booking.status !== null) return bookingCompletePath(merchantSlug, token);
  if (signedIn) return validatePath(merchantSlug, token);
  return AUTH_PATHS.noAuth;
}

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

/**
 * The message of a merchant_closed refusal, naming what is closed: lunch or dinner (a service closed), a time range, or
 * the day (also when the answer does not say).
 */
export function closedMessage(body: Record<string, unknown>): { code: 'merchant_closed' | BookingMessageCode; vars?: Record<string, string> } {
  const time = (value: unknown) => (typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? value : null);
  const [from, until] = [time(body.from), time(body.until)];
  if (body.closed === 'shift' && (body.meal === 'lunch' || body.meal === 'dinner')) return { code: `merchant_closed_${body.meal}` };
  if (body.closed === 'range' && from && until) return { code: 'merchant_closed_range', vars: { from, until } };
  return { code: 'merchant_closed' };
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

/** Continue / Update: creates the draft (or changes the booking held) from the selection, then says where to go. */
export async function submitBooking(lang?: Lang, api: Pick<BookingApi, 'createBooking'> = bookingApi): Promise<BookingOutcome> {
  const slug = $merchantSlug.get();
  const selection = $selection.get();
  if (!slug || !canBook(selection) || !selection.slot || !selection.zoneId || selection.guests === null) {
    return { ok: false, code: 'incomplete_selection', to: null };
  }
  try {
    const answer = await api.createBooking({
      token: $bookingToken.get(),
      merchant_slug: slug,
      datetime: selection.slot.timestamp,
      booking_zone_id: selection.zoneId,
      client_count: selection.guests,
      ...(lang ? { lang } : {}),
    });
    takeBooking({ ...answer.booking, token: answer.token });
    // A guest session reaches only its own booking: a new one goes through NoAuth and gets a session of its own.
    const to = afterCreateTarget(answer.booking, slug, answer.token, sessionCovers($auth.get(), answer.token));
    // Signing in now is for this booking: its Validate page comes next, not a page an earlier "Sign in" left.
    if (to === AUTH_PATHS.noAuth) setReturnPath(null);
    return { ok: true, to };
  } catch (error) {
    const { code, status, body } = failureOf(error);
    if (status === 401) return { ok: false, code: 'unauthenticated', to: handleUnauthorized() };
    if (code === 'merchant_closed') {
      // Closed since the times were read: they are read again, so the grid shows what is closed under the message.
      void reloadAvailability();
      return { ok: false, to: null, ...closedMessage(body) };
    }
    return { ok: false, code, to: null, ...(code === 'error_min_seats' || code === 'error_max_seats' ? { vars: seatVars(body) } : {}) };
  }
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

/** Cancel booking (after its confirmation modal): then BookingComplete, or the failure (the booking stays as it was). */
export async function cancelCurrentBooking(lang?: Lang, api: Pick<BookingApi, 'cancelBooking'> = bookingApi): Promise<Outcome<{ to: string }>> {
  const slug = $merchantSlug.get();
  const token = $bookingToken.get();
  if (!slug || !token) return { ok: false, code: 'booking_not_found' };
  try {
    const { booking } = await api.cancelBooking(token, slug, lang);
    takeBooking(booking);
    return { ok: true, to: bookingCompletePath(slug, token) };
  } catch (error) {
    return { ok: false, code: failureOf(error).code };
  }
}

/** Saves the diner's comment; resolves whether it worked (a failure shows no message, section 8). */
export async function saveComment(comment: string, lang?: Lang, api: Pick<BookingApi, 'setBookingComment'> = bookingApi): Promise<boolean> {
  const slug = $merchantSlug.get();
  const token = $bookingToken.get();
  if (!slug || !token) return false;
  try {
    const { booking } = await api.setBookingComment(token, slug, comment, lang);
    takeBooking(booking);
    return true;
  } catch {
    return false;
  }
}

// The token is kept per merchant so sign-in, NoAuth and a later visit find the booking again; discarding forgets it.
$bookingToken.listen((token) => {
  const slug = $merchantSlug.get();
  if (slug) setMerchantToken(slug, token);
});
