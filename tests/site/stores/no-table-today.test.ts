import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MerchantListing } from '../../../src/shared/api/merchant-listing.ts';
import { merchantData, type MerchantData } from '../../../src/lib/build/merchant-data.ts';
import { resetServerClock } from '../../../src/lib/api/server-clock.ts';
import { discardBooking } from '../../../src/stores/booking.ts';
import { forgetPresetTime, startBookingHome } from '../../../src/stores/home.ts';
import { $mainError, $merchant, $merchantSlug } from '../../../src/stores/merchant.ts';
import { $selection, applyPresets, prefillSelection, resetSelection } from '../../../src/stores/selection.ts';
import { $noTableToday, $slots, $zones, loadSlots, takeNextFreeDay } from '../../../src/stores/slots.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { until } from '../support/store-wait.ts';

// Monday 23 November 2026 in Paris: Le Petit Zinc (two zones) is closed on Mondays, Sakura Ramen (one zone) serves until 22:30.
const MORNING = '2026-11-23T09:00:00Z';
const LATE = '2026-11-23T22:00:00Z';

const server = useBrowserTestServer({ now: MORNING });
let pages: Map<string, MerchantData>;
let unmount: Array<() => void> = [];

beforeAll(async () => {
  const listing = await server.get<{ merchants: MerchantListing[] }>('/api/booking/merchants');
  pages = new Map(listing.body.merchants.map((merchant) => [merchant.slug, merchantData(merchant)]));
});

beforeEach(() => {
  server.clock.set(MORNING);
  resetServerClock();
  resetSelection();
  discardBooking();
  $merchant.set(null);
  $mainError.set(null);
  // The choosers keep these mounted while the page is open.
  unmount = [$zones.listen(() => {}), $slots.listen(() => {})];
});

afterEach(() => {
  for (const stop of unmount) stop();
});

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: [{ id: `${day}`, start: '12:00', end: '22:00' }] }));
const page = (slug: string): MerchantData => pages.get(slug)!;
const firstFree = async (slug: string, date: string, zoneId: string, seats: number, from = 0) => {
  const { body } = await server.post('/api/booking/booking_slots/get', { merchant_slug: slug, date, bookingZoneId: zoneId, needed_seats: seats });
  return (body.slots as Array<{ timestamp: number; hour: string; available: boolean }>).find((slot) => slot.available && slot.timestamp >= from)!;
};

describe('asap=1 without seats', () => {
  test('books for two: today, the single zone and the first free time from now', async () => {
    await startBookingHome(page('sakura-ramen'), '?asap=1', { go: () => {} });
    const selection = await until($selection, (value) => value.slot !== null);
    expect(selection).toMatchObject({ date: '2026-11-23', guests: 2 });
    expect(selection.slot?.timestamp).toBe((await firstFree('sakura-ramen', '2026-11-23', selection.zoneId!, 2, Date.parse(MORNING) / 1000)).timestamp);
    expect($noTableToday.get().status).toBe('idle');
  });

  test('with several zones, looks in any area', async () => {
    server.clock.set('2026-11-24T09:00:00Z');
    await startBookingHome(page('le-petit-zinc'), '?asap=1', { go: () => {} });
    const selection = await until($selection, (value) => value.slot !== null);
    expect(selection.zoneId).toBe('all');
    expect(selection.guests).toBe(2);
  });
});

describe('asap=1 when today has no table left', () => {
  test('today is over: no day is chosen, the next day is offered with its first free time, and one tap takes it', async () => {
    server.clock.set(LATE);
    await startBookingHome(page('sakura-ramen'), '?asap=1', { go: () => {} });
    expect($selection.get().date).toBeNull();
    const offer = await until($noTableToday, (value) => value.status === 'found');
    expect(offer.day).toBe('2026-11-24');
    const zones = await server.post('/api/booking/booking_zones/get', { merchant_slug: 'sakura-ramen', date: '2026-11-24' });
    const zoneId = zones.body.bookingZones[0].id as string;
    expect(offer.slot?.timestamp).toBe((await firstFree('sakura-ramen', '2026-11-24', zoneId, 2)).timestamp);

    takeNextFreeDay();
    const selection = await until($selection, (value) => value.date === '2026-11-24' && value.slot !== null);
    expect(selection).toMatchObject({ guests: 2, zoneId, slot: { timestamp: offer.slot!.timestamp } });
    expect($noTableToday.get().status).toBe('idle');
  });

  test('today is closed: no day is chosen, the next open day is offered, and taking it fills every chooser', async () => {
    await startBookingHome(page('le-petit-zinc'), '?asap=1&seats=3', { go: () => {} });
    expect($selection.get().date).toBeNull();
    const offer = await until($noTableToday, (value) => value.status === 'found');
    expect(offer.day).toBe('2026-11-24');

    takeNextFreeDay();
    const selection = await until($selection, (value) => value.slot !== null);
    expect(selection).toMatchObject({ date: '2026-11-24', guests: 3, zoneId: 'all', slot: { timestamp: offer.slot!.timestamp } });
  });

  test('today open but every time taken: the same offer, once its times arrive', async () => {
    const slot = (date: string, hour: string, available: boolean) => ({ timestamp: Date.parse(`${date}T${hour}:00Z`) / 1000, hour, available });
    const api = {
      getBookingSlots: async ({ date }: { date: string }) => ({
        slots: date === '2026-11-23' ? [slot(date, '19:00', false), slot(date, '19:30', false)] : [slot(date, '12:00', false), slot(date, '12:30', true)],
      }),
    };
    $merchantSlug.set('sakura-ramen');
    const rules = { today: '2026-11-23', shifts: [], closedDays: [], open: { today: true, tomorrow: true }, lastDay: '2027-02-21' };
    expect(
      applyPresets(
        { seats: null, asap: true, when: null },
        {
          nowMs: Date.parse(MORNING),
          timezone: 'Europe/Paris',
          rules: { ...rules, shifts: everyDay },
          settings: { minClientsPerBookings: 1, maxClientsPerBookings: 8 },
        },
      ),
    ).toBe('taken');
    prefillSelection({ zoneId: 'z1' });
    await loadSlots(api as never);
    const offer = await until($noTableToday, (value) => value.status === 'found');
    expect(offer).toMatchObject({ day: '2026-11-24', slot: { hour: '12:30' }, guests: 2 });
  });

  test('picking a day by hand withdraws the offer', async () => {
    server.clock.set(LATE);
    await startBookingHome(page('sakura-ramen'), '?asap=1', { go: () => {} });
    await until($noTableToday, (value) => value.status === 'found');
    forgetPresetTime();
    expect($noTableToday.get().status).toBe('idle');
  });
});
