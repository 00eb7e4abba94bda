import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { bookingApi, type BookingApi } from '../../../src/lib/api/booking-api.ts';
import { $alternatives, clearAlternatives, heldTimeStillFree, loadAlternatives, takeAlternative, watchLostTable } from '../../../src/stores/alternatives.ts';
import { $booking, discardBooking, loadBooking } from '../../../src/stores/booking.ts';
import { $merchantSlug } from '../../../src/stores/merchant.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { installStorage } from '../support/browser-storage.ts';
import { until } from '../support/store-wait.ts';

const HOLD_MINUTES = 10;
const slug = 'le-petit-zinc';
// Eight guests fit one table of the Salle only: whoever holds it at a time has the last table.
const GUESTS = 8;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ listen: true, holdMinutes: HOLD_MINUTES });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  installStorage();
  setApiBaseUrl(server.url);
  $merchantSlug.set(slug);
  discardBooking();
  clearAlternatives();
});

/** The Salle's id and its time `hour` on `date` for eight. */
async function salleAt(date: string, hour: string): Promise<{ zoneId: string; timestamp: number }> {
  const { bookingZones } = await bookingApi.getBookingZones(slug, date);
  const zoneId = bookingZones.find((zone) => zone.name === 'Salle')!.id;
  const { slots } = await bookingApi.getBookingSlots({ merchantSlug: slug, date, zoneId, neededSeats: GUESTS });
  return { zoneId, timestamp: slots.find((slot) => slot.hour === hour)!.timestamp };
}

/** Another diner books the time for eight and validates it at once. */
async function anotherDinerTakes(zoneId: string, timestamp: number): Promise<void> {
  const created = await server.post('/api/booking/create', { merchant_slug: slug, datetime: timestamp, booking_zone_id: zoneId, client_count: GUESTS });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { bearer } = await server.signIn({ phone: `+33612${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` });
  await server.post('/api/booking/update_user', { token: created.body.token, merchant_slug: slug }, { bearer });
  const validated = await server.post('/api/booking/validate', { token: created.body.token, merchant_slug: slug }, { bearer });
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
}

describe('the times offered when the held table is gone', () => {
  test('after the hold ran out and another diner took the table: that day\u2019s nearest free times, then the next open days\u2019', async () => {
    const date = '2026-12-02';
    const { zoneId, timestamp } = await salleAt(date, '20:00');
    const { token } = await bookingApi.createBooking({ token: null, merchant_slug: slug, datetime: timestamp, booking_zone_id: zoneId, client_count: GUESTS });
    await loadBooking(slug, token);
    server.clock.advance(HOLD_MINUTES + 1);
    await anotherDinerTakes(zoneId, timestamp);

    await loadAlternatives();
    const { status, days } = $alternatives.get();
    expect(status).toBe('ready');
    // Wednesday, then Thursday and Friday (the next open days).
    expect(days.map((day) => day.date)).toEqual(['2026-12-02', '2026-12-03', '2026-12-04']);
    const [sameDay, nextDay] = days;
    // The table is taken from 20:00 for 105 minutes: Wednesday's nearest free times are the last of lunch and of dinner.
    expect(sameDay!.slots.map((slot) => slot.hour)).toEqual(['13:45', '14:00', '21:45', '22:00']);
    expect(nextDay!.slots.map((slot) => slot.hour)).toEqual(['19:30', '19:45', '20:00', '20:15']);
  });

  test('one tap holds the chosen time for the same draft, for a whole new hold, and the list is gone', async () => {
    const date = '2026-12-09';
    const { zoneId, timestamp } = await salleAt(date, '20:00');
    const { token } = await bookingApi.createBooking({ token: null, merchant_slug: slug, datetime: timestamp, booking_zone_id: zoneId, client_count: GUESTS });
    await loadBooking(slug, token);
    server.clock.advance(HOLD_MINUTES + 1);
    await anotherDinerTakes(zoneId, timestamp);
    await loadAlternatives();
    const nextDay = $alternatives.get().days.find((day) => day.date === '2026-12-10')!;
    const chosen = nextDay.slots.find((slot) => slot.hour === '20:00')!;

    expect(await takeAlternative(chosen, 'fr')).toEqual({ ok: true, to: null });
    const now = server.clock.now().getTime() / 1000;
    expect($booking.get()).toMatchObject({
      token,
      status: null,
      bookingForDate: '2026-12-10',
      bookingForHour: '20:00',
      holdExpiresAt: now + HOLD_MINUTES * 60,
    });
    expect($alternatives.get()).toMatchObject({ status: 'idle', days: [], held: { date: '2026-12-10', hour: '20:00' } });
  });

  test('a time taken meanwhile too says so and offers the times free now', async () => {
    const date = '2026-12-16';
    const { zoneId, timestamp } = await salleAt(date, '20:00');
    const { token } = await bookingApi.createBooking({ token: null, merchant_slug: slug, datetime: timestamp, booking_zone_id: zoneId, client_count: GUESTS });
    await loadBooking(slug, token);
    server.clock.advance(HOLD_MINUTES + 1);
    await anotherDinerTakes(zoneId, timestamp);
    await loadAlternatives();
    const chosen = $alternatives
      .get()
      .days.find((day) => day.date === '2026-12-17')!
      .slots.find((slot) => slot.hour === '20:00')!;
    await anotherDinerTakes(zoneId, chosen.timestamp);

    expect(await takeAlternative(chosen, 'fr')).toMatchObject({ ok: false, code: 'no_seats_available' });
    expect($booking.get()).toMatchObject({ bookingForDate: date, bookingForHour: '20:00' });
    const { status, error, days } = $alternatives.get();
    expect([status, error]).toEqual(['ready', 'no_seats_available']);
    expect(days.find((day) => day.date === '2026-12-17')!.slots.map((slot) => slot.hour)).not.toContain('20:00');
  });
});

describe('a draft whose hold is over, before the diner validates', () => {
  test('its time is still free until another diner takes it; the watch then says so and offers the nearest free times', async () => {
    const date = '2026-12-23';
    const { zoneId, timestamp } = await salleAt(date, '20:00');
    const { token } = await bookingApi.createBooking({ token: null, merchant_slug: slug, datetime: timestamp, booking_zone_id: zoneId, client_count: GUESTS });
    await loadBooking(slug, token);
    server.clock.advance(HOLD_MINUTES + 1);
    expect(await heldTimeStillFree()).toBe(true);

    let lost = 0;
    let asked = 0;
    const counted: Pick<BookingApi, 'getBookingSlots'> = {
      getBookingSlots: (query) => {
        asked += 1;
        return bookingApi.getBookingSlots(query);
      },
    };
    const stop = watchLostTable(() => (lost += 1), counted, { everyMs: 50, firstAfterMs: 10 });
    try {
      // The watch asks again only once it has judged the last answer: by its third question, two said the time is free.
      await vi.waitFor(() => expect(asked).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
      expect([lost, $alternatives.get().status]).toEqual([0, 'idle']);
      await anotherDinerTakes(zoneId, timestamp);
      await until($alternatives, (state) => state.status === 'ready');
      expect(lost).toBe(1);
      expect(await heldTimeStillFree()).toBe(false);
      expect($alternatives.get().days[0]!.date).toBe(date);
    } finally {
      stop();
    }
  });
});
