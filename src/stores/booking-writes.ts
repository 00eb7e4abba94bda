/** The diner's writes of the booking held ($booking): Continue / Update, Cancel, the comment; BookingHome loads them once it has hydrated, not before the page is interactive. */
import type { Lang } from '../i18n/t.ts';
import type { Outcome } from '../shared/api/outcome.ts';
import type { Booking } from '../shared/api/booking.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import { AUTH_PATHS, bookingCompletePath, validatePath } from '../lib/navigation/routes.ts';
import { setReturnPath } from '../lib/platform/storage.ts';
import { $auth, handleUnauthorized, sessionCovers } from './auth.ts';
import { $bookingToken, failureOf, seatVars, takeBooking, type BookingMessageCode, type BookingOutcome } from './booking.ts';
import { $merchantSlug } from './merchant.ts';
import { $selection, canBook } from './selection.ts';
import { reloadAvailability } from './availability-live.ts';

/** Where to go after create (section 4): BookingComplete if it has a status, else Validate when signed in, else NoAuth. */
export function afterCreateTarget(booking: Pick<Booking, 'status'>, merchantSlug: string, token: string, signedIn: boolean): string {
  if (booking.status !== null) return bookingCompletePath(merchantSlug, token);
  if (signedIn) return validatePath(merchantSlug, token);
  return AUTH_PATHS.noAuth;
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
