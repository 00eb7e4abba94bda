/**
 * $alternatives: when Validate finds the draft's table gone (no_seats_available), the nearest free times of that day and
 * the next open days, read through the slots call the booking home uses; taking one holds it again for the same draft.
 */
import { map } from 'nanostores';
import type { Lang } from '../i18n/t.ts';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { Slot } from '../shared/api/slots.ts';
import type { LocalDate, LocalTime } from '../shared/local-time.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import { daysAfter, nearestTimes, type DaySlots } from '../lib/booking/nearest-times.ts';
import { handleUnauthorized } from './auth.ts';
import { $booking, $bookingToken, takeBooking, type BookingOutcome } from './booking.ts';
import { $merchantSlug } from './merchant.ts';

/** The alternatives on offer. */
export interface AlternativesState {
  /** idle: none asked for; loading; ready: `days` is what is free (empty: nothing in the days looked at). */
  status: 'idle' | 'loading' | 'ready';
  days: DaySlots[];
  /** The time being held (unix seconds) while its call runs. */
  taking: number | null;
  /** The error_code of the last failed take (the list is read again after it). */
  error: string | null;
  /** The time just held again, for the page to say so. */
  held: { date: LocalDate; hour: LocalTime } | null;
}

const EMPTY: AlternativesState = { status: 'idle', days: [], taking: null, error: null, held: null };

/** How many days after the booked one are looked at. */
export const DAYS_AHEAD = 7;

/** The free times offered instead of the lost one. */
export const $alternatives = map<AlternativesState>({ ...EMPTY });

// Answers can arrive out of order: only the latest request may write.
let request = 0;

/** Reads the free times of the booked day and the DAYS_AHEAD after it (for the same guests and zone) and keeps the nearest. */
export async function loadAlternatives(api: Pick<BookingApi, 'getBookingSlots'> = bookingApi): Promise<void> {
  const booking = $booking.get();
  const slug = $merchantSlug.get();
  const mine = ++request;
  if (!booking || !slug) {
    $alternatives.set({ ...EMPTY });
    return;
  }
  $alternatives.set({ ...$alternatives.get(), status: 'loading', days: [], taking: null });
  const dates = [booking.bookingForDate, ...daysAfter(booking.bookingForDate, DAYS_AHEAD)];
  const days = await Promise.all(
    dates.map(async (date): Promise<DaySlots> => {
      try {
        const { slots } = await api.getBookingSlots({ merchantSlug: slug, date, zoneId: booking.bookingZone.id, neededSeats: booking.clientCount });
        return { date, slots };
      } catch {
        // A closed day, a day past the booking horizon or a failed call: nothing to offer that day.
        return { date, slots: [] };
      }
    }),
  );
  if (mine !== request) return;
  const wanted = { date: booking.bookingForDate, hour: booking.bookingForHour, timestamp: booking.bookingForTimestamp };
  $alternatives.set({ ...$alternatives.get(), status: 'ready', days: nearestTimes(wanted, days) });
}

/**
 * Holds `slot` for the draft: the create call the booking home makes to change a booking, with the draft's
 * token, so the diner stays on Validate with the same booking, held again. A time taken meanwhile reads the list again.
 */
export async function takeAlternative(
  slot: Slot,
  lang?: Lang,
  api: Pick<BookingApi, 'createBooking' | 'getBookingSlots'> = bookingApi,
): Promise<BookingOutcome> {
  const booking = $booking.get();
  const slug = $merchantSlug.get();
  const token = $bookingToken.get();
  if (!booking || !slug || !token) return { ok: false, code: 'booking_not_found', to: null };
  $alternatives.set({ ...$alternatives.get(), taking: slot.timestamp, error: null, held: null });
  try {
    const answer = await api.createBooking({
      token,
      merchant_slug: slug,
      datetime: slot.timestamp,
      booking_zone_id: booking.bookingZone.id,
      client_count: booking.clientCount,
      ...(lang ? { lang } : {}),
    });
    request += 1;
    takeBooking({ ...answer.booking, token: answer.token });
    $alternatives.set({ ...EMPTY, held: { date: answer.booking.bookingForDate, hour: answer.booking.bookingForHour } });
    return { ok: true, to: null };
  } catch (error) {
    const code = failureCodeOf(error);
    if (isApiError(error) && error.status === 401) return { ok: false, code: 'unauthenticated', to: handleUnauthorized() };
    $alternatives.set({ ...$alternatives.get(), taking: null, error: code });
    if (code === 'no_seats_available') await loadAlternatives(api);
    return { ok: false, code, to: null };
  }
}

/** Whether the draft's time is still free for it, its hold over: false once another diner took it; null when unknown. */
export async function heldTimeStillFree(api: Pick<BookingApi, 'getBookingSlots'> = bookingApi): Promise<boolean | null> {
  const booking = $booking.get();
  const slug = $merchantSlug.get();
  if (!booking || !slug) return null;
  try {
    const { slots } = await api.getBookingSlots({
      merchantSlug: slug,
      date: booking.bookingForDate,
      zoneId: booking.bookingZone.id,
      neededSeats: booking.clientCount,
    });
    // A lapsed hold no longer counts against its own draft: unavailable means someone else has the table.
    const slot = slots.find((candidate) => candidate.timestamp === booking.bookingForTimestamp);
    return slot ? slot.available : null;
  } catch {
    return null;
  }
}

/** How often a draft whose hold ran out looks whether its table was taken (one small read: the diner learns it within seconds). */
export const LOST_CHECK_EVERY_MS = 5_000;
/**
 * How long after the hold's end (as the browser reckons it) the first look waits: the server clock is known to within
 * a second, and a look before the server's end would see the draft's own hold as someone else's.
 */
export const LOST_CHECK_GRACE_MS = 3_000;

/**
 * While the draft's hold is over: looks after LOST_CHECK_GRACE_MS, then every LOST_CHECK_EVERY_MS, whether its table was taken; once it
 * was, calls `onLost` and offers the alternatives, so the diner learns it before pressing Validate. Returns the stop.
 */
export function watchLostTable(
  onLost: () => void,
  api: Pick<BookingApi, 'getBookingSlots'> = bookingApi,
  { everyMs = LOST_CHECK_EVERY_MS, firstAfterMs = LOST_CHECK_GRACE_MS } = {},
): () => void {
  let stopped = false;
  let checking = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async () => {
    if (stopped || checking) return;
    checking = true;
    clearTimeout(timer);
    const free = await heldTimeStillFree(api);
    checking = false;
    if (stopped) return;
    if (free === false) {
      stop();
      onLost();
      await loadAlternatives(api);
      return;
    }
    timer = setTimeout(() => void check(), everyMs);
  };
  // A diner coming back to the tab (timers sleep in a hidden one) is told at once.
  const onVisible = () => {
    if (globalThis.document?.visibilityState !== 'hidden') void check();
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    globalThis.document?.removeEventListener('visibilitychange', onVisible);
  };
  timer = setTimeout(() => void check(), firstAfterMs);
  globalThis.document?.addEventListener('visibilitychange', onVisible);
  return stop;
}

/** Forgets the alternatives (a new validation, or leaving Validate). */
export function clearAlternatives(): void {
  request += 1;
  $alternatives.set({ ...EMPTY });
}
