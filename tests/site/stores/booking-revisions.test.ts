import { beforeEach, expect, test } from 'vitest';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { $booking, discardBooking, loadBooking, takeLatestBooking } from '../../../src/stores/booking.ts';
import { $merchantSlug } from '../../../src/stores/merchant.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

useBrowserTestServer();
const slug = 'le-petit-zinc';

beforeEach(() => {
  $merchantSlug.set(slug);
  discardBooking();
});

/** A draft at the first free time of a day, made through the real API. */
async function draft(date: string): Promise<string> {
  const { bookingZones } = await bookingApi.getBookingZones(slug, date);
  const zoneId = bookingZones[0]!.id;
  const { slots } = await bookingApi.getBookingSlots({ merchantSlug: slug, date, zoneId, neededSeats: 2 });
  const slot = slots.find((candidate) => candidate.available)!;
  const { token } = await bookingApi.createBooking({ token: null, merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: zoneId, client_count: 2 });
  return token;
}

test('a read that answers after a newer revision of the same booking never replaces it', async () => {
  const token = await draft('2026-12-02');
  const older = (await bookingApi.getBooking(token, slug)).booking;
  await bookingApi.setBookingComment(token, slug, 'Nous serons un peu en retard');
  const newer = await loadBooking(slug, token);
  expect(newer.revision).toBeGreaterThan(older.revision);

  expect(takeLatestBooking(older)).toBe(false);
  expect($booking.get()).toMatchObject({ token, revision: newer.revision, comment: 'Nous serons un peu en retard' });
  // The same revision again (a second read of it) is taken: nothing is lost either way.
  expect(takeLatestBooking(newer)).toBe(true);
});

test('another booking is always taken, whatever its revision', async () => {
  const first = await draft('2026-12-03');
  await bookingApi.setBookingComment(first, slug, 'Une chaise haute, merci');
  await loadBooking(slug, first);
  const second = (await bookingApi.getBooking(await draft('2026-12-04'), slug)).booking;

  expect(takeLatestBooking(second)).toBe(true);
  expect($booking.get()?.token).toBe(second.token);
});
