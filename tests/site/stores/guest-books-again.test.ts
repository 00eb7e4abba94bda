import { beforeEach, describe, expect, test } from 'vitest';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { getGuestDetails, setCurrentMerchant, setMerchantToken } from '../../../src/lib/platform/storage.ts';
import { $auth, signIn, signOut } from '../../../src/stores/auth.ts';
import { continueAsGuest } from '../../../src/stores/sign-in.ts';
import { $booking, $bookingToken, $storedBookingToken, discardBooking, loadBooking, openBookingOnHome } from '../../../src/stores/booking.ts';
import { cancelCurrentBooking, submitBooking } from '../../../src/stores/booking-writes.ts';
import { enterValidate, validateCurrentBooking } from '../../../src/stores/validate-booking.ts';
import { $merchantSlug } from '../../../src/stores/merchant.ts';
import { $selection, prefillSelection, resetSelection } from '../../../src/stores/selection.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

useBrowserTestServer();

beforeEach(() => {
  signOut();
  resetSelection();
  discardBooking();
});

/** Chooses the first free time of a day at a merchant and continues, as BookingHome would; returns the outcome. */
async function draftAt(slug: string, date: string) {
  $merchantSlug.set(slug);
  setCurrentMerchant(slug);
  discardBooking();
  const { bookingZones } = await bookingApi.getBookingZones(slug, date);
  const zoneId = bookingZones[0]!.id;
  const { slots } = await bookingApi.getBookingSlots({ merchantSlug: slug, date, zoneId, neededSeats: 2 });
  prefillSelection({ date, guests: 2, zoneId, slot: slots.find((slot) => slot.available)! });
  return submitBooking();
}

/** A whole guest booking: draft, NoAuth, Validate; returns its token. */
async function guestBooking(slug: string, date: string, phone: string): Promise<string> {
  expect(await draftAt(slug, date)).toEqual({ ok: true, to: '/auth/no_account' });
  const token = $bookingToken.get()!;
  expect(await continueAsGuest({ firstname: 'Camille', lastname: 'Durand', phone })).toEqual({ ok: true, to: `/${slug}/validate/${token}` });
  expect(await enterValidate(slug, token)).toMatchObject({ ok: true });
  expect(await validateCurrentBooking()).toMatchObject({ ok: true });
  return token;
}

describe('a guest books again in the same browser', () => {
  test('each booking, here or elsewhere, goes through NoAuth and gets a guest session of its own', async () => {
    const first = await guestBooking('le-petit-zinc', '2026-11-26', '+33612340001');
    const second = await guestBooking('sakura-ramen', '2026-11-26', '+33612340001');
    const third = await guestBooking('le-petit-zinc', '2026-11-27', '+33612340001');
    expect(new Set([first, second, third]).size).toBe(3);
    expect($auth.get().guestBooking).toBe(third);
    expect(getGuestDetails()).toMatchObject({ firstname: 'Camille', lastname: 'Durand', phone: '+33612340001' });
  });

  test('an earlier booking is still managed with its own guest session', async () => {
    const first = await guestBooking('le-petit-zinc', '2026-11-28', '+33612340002');
    await guestBooking('sakura-ramen', '2026-11-28', '+33612340002');
    // Its tracking page reads it, then cancels it.
    await loadBooking('le-petit-zinc', first);
    expect($auth.get().guestBooking).toBe(first);
    expect(await cancelCurrentBooking()).toMatchObject({ ok: true });
    expect($booking.get()?.status).toBe(40);
  });

  test('a guest session stored without its booking, refused on Validate, signs out and leads to NoAuth', async () => {
    await guestBooking('le-petit-zinc', '2026-12-01', '+33612340003');
    const legacy = $auth.get().bearer!;
    await draftAt('le-petit-zinc', '2026-12-02');
    signIn(legacy);
    expect(await enterValidate('le-petit-zinc', $bookingToken.get()!)).toMatchObject({ ok: false, to: '/auth/no_account' });
    expect($auth.get().status).toBe('signed-out');
  });
});

describe('BookingHome with a booking stored for the merchant', () => {
  test('a live one is offered, not edited: the page starts a new booking', async () => {
    const token = await guestBooking('le-petit-zinc', '2026-12-03', '+33612340004');
    discardBooking();
    setMerchantToken('le-petit-zinc', token);
    resetSelection();
    expect(await openBookingOnHome('le-petit-zinc', null)).toEqual({ state: 'offered', to: null });
    expect([$storedBookingToken.get(), $bookingToken.get(), $selection.get().date]).toEqual([token, null, null]);
  });

  test("?token (the tracking page's Edit) opens it to edit", async () => {
    const token = await guestBooking('le-petit-zinc', '2026-12-04', '+33612340005');
    discardBooking();
    resetSelection();
    expect(await openBookingOnHome('le-petit-zinc', token)).toEqual({ state: 'loaded', to: null });
    expect([$storedBookingToken.get(), $bookingToken.get(), $selection.get().date]).toEqual([null, token, '2026-12-04']);
  });
});
