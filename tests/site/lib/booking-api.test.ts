import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/lib/api/api-client.ts';
import {
  cancelBooking,
  createBooking,
  exportIcal,
  getBooking,
  getBookingMerchant,
  getBookingSlots,
  getBookingZones,
  getClosedBookingCalendar,
  getServerTime,
  icsDownloadUrl,
  setBookingComment,
  updateBookingUser,
  validateBooking,
} from '../../../src/lib/api/booking-api.ts';
import { setBearer } from '../../../src/lib/platform/storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();
const slug = 'le-petit-zinc';
const tuesday = '2026-11-24';

async function draft(guests = 2) {
  const { bookingZones } = await getBookingZones(slug, tuesday);
  const zone = bookingZones[0]!;
  const { slots } = await getBookingSlots({ merchantSlug: slug, date: tuesday, zoneId: zone.id, neededSeats: guests });
  const slot = slots.find((candidate) => candidate.available)!;
  const created = await createBooking({ token: null, merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: zone.id, client_count: guests });
  return { zone, slot, created };
}

describe('the booking calls against the real server', () => {
  test('server_time answers unix seconds', async () => {
    expect((await getServerTime()).time).toBe(Date.parse('2026-11-23T09:00:00Z') / 1000);
  });

  test('booking_merchant/get answers merchant, shifts, closes, zoneCount, theme and currentBookingToken', async () => {
    const answer = await getBookingMerchant(slug);
    expect(answer.merchant.slug).toBe(slug);
    expect(answer.merchant.open).toEqual({ today: false, tomorrow: true });
    expect(answer.shifts.map((shift) => shift.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(answer.closes).toContain('2026-12-24');
    expect(answer.zoneCount).toBe(2);
    expect(answer.theme.primary).toMatch(/^#/);
    expect(answer.currentBookingToken).toBeNull();
  });

  test('zones and slots of a day', async () => {
    const { bookingZones } = await getBookingZones(slug, tuesday);
    expect(bookingZones.map((zone) => zone.name).sort()).toEqual(['Salle', 'Terrasse']);
    const { slots } = await getBookingSlots({ merchantSlug: slug, date: tuesday, zoneId: bookingZones[0]!.id, neededSeats: 2 });
    expect(slots[0]).toMatchObject({ hour: '12:00', available: true });
    expect(typeof slots[0]!.timestamp).toBe('number');
  });

  test('create, comment, get, export and cancel a booking', async () => {
    const { zone, slot, created } = await draft();
    expect(created.booking).toMatchObject({ status: null, clientCount: 2, bookingForTimestamp: slot.timestamp, bookingZone: { id: zone.id } });
    expect(created.token).toBe(created.booking.token);

    expect((await setBookingComment(created.token, slug, 'Window seat please')).booking.comment).toBe('Window seat please');
    const fetched = await getBooking(created.token, slug, 'en');
    expect(fetched.merchant.slug).toBe(slug);
    expect(fetched.booking.bookingForLong).toBe('Tuesday, 24 November 2026');
    expect((await exportIcal(slug, created.token)).ics).toContain('BEGIN:VCALENDAR');
    expect(icsDownloadUrl(slug, created.token)).toBe(`${server.url}/api/booking/export_ical/${slug}/${created.token}?download=1`);

    const cancelled = await cancelBooking(created.token, slug);
    expect(cancelled.booking.status).toBe(40);
  });

  test('update_user and validate need a signed-in diner', async () => {
    const { created } = await draft();
    await expect(validateBooking(created.token, slug)).rejects.toMatchObject({ status: 401 });
    setBearer((await server.signIn()).bearer);
    const attached = await updateBookingUser(created.token, slug);
    expect(attached.booking.bookingClient?.firstname).toBe('Camille');
    expect(attached.merchant.slug).toBe(slug);
    expect((await validateBooking(created.token, slug)).booking.status).toBe(10);
  });

  test('closed_booking_calendar lists the coming closed days', async () => {
    expect((await getClosedBookingCalendar(slug)).closed_days).toEqual(['2026-12-24', '2026-12-25', '2027-01-01']);
  });

  test('a merchant that does not exist fails with merchant_not_found', async () => {
    await expect(getBookingMerchant('nobody-here')).rejects.toBeInstanceOf(ApiError);
    await expect(getBookingMerchant('nobody-here')).rejects.toMatchObject({ code: 'merchant_not_found' });
  });
});
