import { beforeEach, describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/lib/api/api-client.ts';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { getBearer, getReturnPath, setCurrentMerchant, setReturnPath } from '../../../src/lib/platform/storage.ts';
import { $auth, signIn, signOut } from '../../../src/stores/auth.ts';
import { continueAsGuest } from '../../../src/stores/sign-in.ts';
import { $booking, $bookingToken, $isExistingBooking, discardBooking, isFinishedStatus, openBookingOnHome } from '../../../src/stores/booking.ts';
import { afterCreateTarget, cancelCurrentBooking, saveComment, submitBooking } from '../../../src/stores/booking-writes.ts';
import { enterValidate, validateCurrentBooking, validateFailure } from '../../../src/stores/validate-booking.ts';
import { $merchantSlug, loadMerchant } from '../../../src/stores/merchant.ts';
import { $selection, prefillSelection, resetSelection } from '../../../src/stores/selection.ts';
import type { MemoryStorage } from '../support/browser-storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();
let local: MemoryStorage;
const slug = 'le-petit-zinc';
const TOKEN = 'TOKEN-0123456789abcdef';

beforeEach(() => {
  // The fixture has installed this test's fresh storage.
  local = localStorage as MemoryStorage;
  signOut();
  resetSelection();
  $merchantSlug.set(slug);
  discardBooking();
});

/** Chooses the first available time of a day on the real server, as the choosers would. */
async function chooseFirstTime(date = '2026-11-24', guests = 2, merchant = slug) {
  const { bookingZones } = await bookingApi.getBookingZones(merchant, date);
  const zoneId = bookingZones[0]!.id;
  const { slots } = await bookingApi.getBookingSlots({ merchantSlug: merchant, date, zoneId, neededSeats: guests });
  const slot = slots.find((candidate) => candidate.available)!;
  prefillSelection({ date, guests, zoneId, slot });
  return slot;
}

describe('where a created booking leads (spec section 4)', () => {
  test.each([
    ['a booking with a status goes to BookingComplete', 10, true, `/${slug}/booking_complete/${TOKEN}`],
    ['even when signed out', 20, false, `/${slug}/booking_complete/${TOKEN}`],
    ['a draft of a signed-in diner goes to Validate', null, true, `/${slug}/validate/${TOKEN}`],
    ['a draft of a signed-out diner goes to NoAuth', null, false, '/auth/no_account'],
  ] as const)('%s', (_case, status, signedIn, expected) => {
    expect(afterCreateTarget({ status }, slug, TOKEN, signedIn)).toBe(expected);
  });

  test.each([
    [10, false],
    [20, false],
    [25, true],
    [30, true],
    [40, true],
    [null, false],
  ] as const)('status %j counts as finished or cancelled: %j', (status, expected) => {
    expect(isFinishedStatus(status)).toBe(expected);
  });
});

describe('where a Validate failure leads (spec section 8)', () => {
  const failure = (status: number, code: string, body: Record<string, unknown> = {}) =>
    new ApiError(status, code, { success: false, error_code: code, ...body });

  test.each([
    ['already_done goes to BookingComplete', failure(409, 'already_done'), `/${slug}/booking_complete/${TOKEN}`],
    ['canceled goes to booking home', failure(409, 'canceled'), `/${slug}`],
    ['no_phone goes to onboarding', failure(422, 'no_phone'), '/auth/onboarding'],
    ['a 401 goes to NoAuth', failure(401, 'unauthenticated'), '/auth/no_account'],
    ['user_booking_limit_reached stays with its message', failure(409, 'user_booking_limit_reached'), null],
    ['no_seats_available stays with its message', failure(409, 'no_seats_available'), null],
  ])('%s', (_case, error, expected) => {
    expect(validateFailure(error, slug, TOKEN).to).toBe(expected);
  });

  test('a 401 also signs the diner out', () => {
    signIn('B-0123456789abcdef');
    validateFailure(failure(401, 'unauthenticated'), slug, TOKEN);
    expect([$auth.get().status, getBearer()]).toEqual(['signed-out', null]);
  });

  test('the seats messages get the minimum or maximum guest count', async () => {
    await loadMerchant(slug);
    expect(validateFailure(failure(422, 'error_max_seats'), slug, TOKEN)).toMatchObject({ code: 'error_max_seats', vars: { max: 8 } });
    expect(validateFailure(failure(422, 'error_min_seats', { min: 3 }), slug, TOKEN)).toMatchObject({ vars: { min: 3 } });
  });
});

describe('booking against the real server', () => {
  test('nothing is sent until date, guests, zone and time are all set', async () => {
    prefillSelection({ date: '2026-11-24', guests: 2 });
    expect(await submitBooking()).toMatchObject({ ok: false, code: 'incomplete_selection' });
  });

  test('a signed-out diner’s new booking goes to NoAuth, its token kept for the merchant', async () => {
    await chooseFirstTime();
    const outcome = await submitBooking('fr');
    expect(outcome).toEqual({ ok: true, to: '/auth/no_account' });
    const token = $bookingToken.get();
    expect(token).toEqual(expect.any(String));
    expect(local.getItem(`token_${slug}`)).toBe(token);
    expect($isExistingBooking.get()).toBe(false);
  });

  test('a new booking that sends the diner to sign in forgets the page an earlier "Sign in" left, so Validate comes next', async () => {
    setReturnPath('/le-petit-zinc');
    await chooseFirstTime();
    expect(await submitBooking('fr')).toEqual({ ok: true, to: '/auth/no_account' });
    expect(getReturnPath()).toBeNull();
  });

  test('a signed-in diner’s new booking goes to Validate; validating goes to BookingComplete', async () => {
    signIn((await server.signIn()).bearer);
    await chooseFirstTime('2026-11-25');
    const created = await submitBooking();
    const token = $bookingToken.get()!;
    expect(created).toEqual({ ok: true, to: `/${slug}/validate/${token}` });

    expect(await enterValidate(slug, token)).toEqual({ ok: true, to: null });
    expect(await saveComment('Birthday dinner')).toBe(true);
    expect($booking.get()?.comment).toBe('Birthday dinner');
    expect(await validateCurrentBooking()).toEqual({ ok: true, to: `/${slug}/booking_complete/${token}` });
    expect($booking.get()?.status).toBe(10);
    expect($isExistingBooking.get()).toBe(true);
  });

  test('updating a booking that has a status goes to BookingComplete', async () => {
    signIn((await server.signIn()).bearer);
    await chooseFirstTime('2026-11-26');
    await submitBooking();
    await validateCurrentBooking();
    const token = $bookingToken.get()!;
    prefillSelection({ guests: 3 });
    expect(await submitBooking()).toEqual({ ok: true, to: `/${slug}/booking_complete/${token}` });
    expect($booking.get()?.clientCount).toBe(3);
  });

  test('validating without a phone leads to onboarding', async () => {
    signIn((await server.signIn({ phone: null })).bearer);
    await chooseFirstTime('2026-11-27');
    await submitBooking();
    expect(await validateCurrentBooking()).toMatchObject({ ok: false, code: 'no_phone', to: '/auth/onboarding' });
  });

  test('entering Validate with an expired session signs out and leads to NoAuth', async () => {
    await chooseFirstTime('2026-11-28');
    await submitBooking();
    signIn('expired-or-unknown-bearer-0123456789');
    expect(await enterValidate(slug, $bookingToken.get()!)).toMatchObject({ ok: false, to: '/auth/no_account' });
    expect($auth.get().status).toBe('signed-out');
  });

  test('cancelling goes to BookingComplete with status 40', async () => {
    await chooseFirstTime('2026-12-01');
    await submitBooking();
    const token = $bookingToken.get()!;
    expect(await cancelCurrentBooking()).toEqual({ ok: true, to: `/${slug}/booking_complete/${token}` });
    expect($booking.get()?.status).toBe(40);
  });

  test('on booking home, the booking in progress this tab stored fills the choosers', async () => {
    const slot = await chooseFirstTime('2026-12-02');
    await submitBooking();
    const token = $bookingToken.get()!;
    resetSelection();
    discardBooking();
    sessionStorage.setItem(`token_${slug}`, token);
    local.setItem(`token_${slug}`, token);
    expect(await openBookingOnHome(slug, null)).toEqual({ state: 'loaded', to: null });
    expect($selection.get()).toMatchObject({ date: '2026-12-02', guests: 2, slot: { timestamp: slot.timestamp } });
  });

  test('on booking home, another tab’s booking in progress is left to it: this tab starts its own', async () => {
    await chooseFirstTime('2026-12-02');
    await submitBooking();
    const token = $bookingToken.get()!;
    resetSelection();
    discardBooking();
    sessionStorage.removeItem(`token_${slug}`);
    local.setItem(`token_${slug}`, token);
    expect(await openBookingOnHome(slug, null)).toEqual({ state: 'none', to: null });
    expect([$bookingToken.get(), $selection.get().date, local.getItem(`token_${slug}`)]).toEqual([null, null, token]);
  });

  test.each([
    ['from ?token: discarded, then back to booking home without it', true, `/${slug}`],
    ['from storage: discarded, staying on booking home', false, null],
  ])('on booking home, a cancelled booking is %s', async (_case, fromQuery, expected) => {
    await chooseFirstTime('2026-12-03');
    await submitBooking();
    const token = $bookingToken.get()!;
    await cancelCurrentBooking();
    resetSelection();
    expect(await openBookingOnHome(slug, fromQuery ? token : null)).toEqual({ state: 'discarded', to: expected });
    expect([$booking.get(), $bookingToken.get(), local.getItem(`token_${slug}`)]).toEqual([null, null, null]);
  });

  test('after a NoAuth sign-in the diner lands on Validate of the stored booking', async () => {
    await chooseFirstTime('2026-12-04');
    await submitBooking();
    setCurrentMerchant(slug);
    const outcome = await continueAsGuest({ firstname: 'Sam', lastname: 'Guest', phone: '+33698765432' });
    expect(outcome).toEqual({ ok: true, to: `/${slug}/validate/${$bookingToken.get()}` });
    expect($auth.get().status).toBe('signed-in');
    expect(await validateCurrentBooking()).toMatchObject({ ok: true });
  });
});
