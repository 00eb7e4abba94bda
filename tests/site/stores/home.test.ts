import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MerchantListing } from '../../../src/shared/api/merchant-listing.ts';
import { merchantData, type MerchantData } from '../../../src/lib/build/merchant-data.ts';
import { resetServerClock } from '../../../src/lib/api/server-clock.ts';
import { getMerchantToken, setBearer, setMerchantToken } from '../../../src/lib/platform/storage.ts';
import { $booking, discardBooking } from '../../../src/stores/booking.ts';
import { $dayRules, $guestLimits, $home, startBookingHome } from '../../../src/stores/home.ts';
import { $mainError, $merchant } from '../../../src/stores/merchant.ts';
import { $pendingSlot, $selection, resetSelection } from '../../../src/stores/selection.ts';
import { $slots, $zones } from '../../../src/stores/slots.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { until } from '../support/store-wait.ts';

// The server's clock: Monday 23 November 2026, 10:00 in Paris (Le Petit Zinc is closed on Mondays, Sakura Ramen open).
const NOW = '2026-11-23T09:00:00Z';

const server = useBrowserTestServer({ now: NOW });
let pages: Map<string, MerchantData>;
let unmount: Array<() => void> = [];

beforeAll(async () => {
  await server.importMerchant({
    ...(await import('../../../scripts/demo-merchants/sakura-ramen.json', { with: { type: 'json' } })).default,
    slug: 'sakura-dormant',
    logo: undefined,
    banner: undefined,
    zones: [{ name: 'Comptoir', tables: [{ name: '1', minSeats: 1, maxSeats: 4 }] }],
    staff: [],
    bookingEnabled: false,
  });
  const listing = await server.get<{ merchants: MerchantListing[] }>('/api/booking/merchants');
  pages = new Map(listing.body.merchants.map((merchant) => [merchant.slug, merchantData(merchant)]));
});

beforeEach(() => {
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

function page(slug: string): MerchantData {
  const data = pages.get(slug);
  if (!data) throw new Error(`no page for ${slug}`);
  return data;
}

describe('BookingHome before any answer', () => {
  test('draws from the page at once: guest limits and which days can be picked', () => {
    const started = startBookingHome(page('trattoria-nonna'), '', { go: () => {} });
    expect($guestLimits.get()).toMatchObject({ minClientsPerBookings: 2, maxClientsPerBookings: 10 });
    const rules = $dayRules.get();
    expect(rules?.shifts.find((shift) => shift.day === 1)?.slots).toEqual([]);
    expect(rules?.closedDays).toContain('2026-12-24');
    return started;
  });
});

describe('BookingHome once the server answered (real server, its clock)', () => {
  test("today is the merchant's date by the server clock, and open.today comes from the server", async () => {
    await startBookingHome(page('le-petit-zinc'), '', { go: () => {} });
    expect($home.get().today).toBe('2026-11-23');
    expect($dayRules.get()?.open).toEqual($merchant.get()?.open);
  });

  test('asap=1&seats=2 picks the server today, two guests, and the first time from now once the single zone is selected', async () => {
    await startBookingHome(page('sakura-ramen'), '?asap=1&seats=2', { go: () => {} });
    expect($selection.get()).toMatchObject({ date: '2026-11-23', guests: 2 });
    const selection = await until($selection, (value) => value.slot !== null);
    const zoneId = selection.zoneId!;
    const { body } = await server.post('/api/booking/booking_slots/get', {
      merchant_slug: 'sakura-ramen',
      date: '2026-11-23',
      bookingZoneId: zoneId,
      needed_seats: 2,
    });
    const now = Date.parse(NOW) / 1000;
    const expected = (body.slots as Array<{ timestamp: number; available: boolean }>).find((slot) => slot.available && slot.timestamp >= now);
    expect(selection.slot?.timestamp).toBe(expected?.timestamp);
    expect($pendingSlot.get().target).toBeNull();
  });

  test.each([
    ['an available time is picked exactly', '2026-11-25T19:00', '19:00'],
    ['a time between two slots picks the next one', '2026-11-25T19:07', '19:15'],
  ])('when: %s', async (_case, when, hour) => {
    await startBookingHome(page('sakura-ramen'), `?seats=2&when=${when}`, { go: () => {} });
    const selection = await until($selection, (value) => value.slot !== null);
    expect(selection.date).toBe('2026-11-25');
    expect(selection.slot?.hour).toBe(hour);
  });

  test('a day the merchant is closed is not preset (Le Petit Zinc on a Monday); seats still are', async () => {
    await startBookingHome(page('le-petit-zinc'), '?seats=3&when=2026-11-30T20:00', { go: () => {} });
    expect($selection.get()).toMatchObject({ date: null, guests: 3 });
  });

  test('presets wait for nothing the diner already did: a day picked by hand stays', async () => {
    const started = startBookingHome(page('sakura-ramen'), '?asap=1', { go: () => {} });
    $selection.setKey('date', '2026-11-27');
    await started;
    expect($selection.get().date).toBe('2026-11-27');
  });

  test("?token opens the diner's live booking: the choosers are filled from it", async () => {
    const { bearer } = await server.signIn();
    const zones = await server.post('/api/booking/booking_zones/get', { merchant_slug: 'le-petit-zinc', date: '2026-11-25' });
    const zoneId = zones.body.bookingZones[0].id as string;
    const slots = await server.post('/api/booking/booking_slots/get', {
      merchant_slug: 'le-petit-zinc',
      date: '2026-11-25',
      bookingZoneId: zoneId,
      needed_seats: 2,
    });
    const slot = (slots.body.slots as Array<{ timestamp: number; hour: string; available: boolean }>).find((candidate) => candidate.available)!;
    const created = await server.post(
      '/api/booking/create',
      { merchant_slug: 'le-petit-zinc', datetime: slot.timestamp, booking_zone_id: zoneId, client_count: 2 },
      { bearer },
    );
    await server.post('/api/booking/validate', { merchant_slug: 'le-petit-zinc', token: created.body.token }, { bearer });
    // Only the diner who booked may change it (a link alone only views it): this browser is theirs.
    setBearer(bearer);

    await startBookingHome(page('le-petit-zinc'), `?token=${created.body.token}`, { go: () => {} });
    expect($home.get().booking).toBe('loaded');
    expect($booking.get()?.status).toBe(10);
    expect($selection.get()).toMatchObject({ date: '2026-11-25', guests: 2, zoneId, slot: { timestamp: slot.timestamp } });
  });

  test('a cancelled booking in ?token is dropped and the diner is sent to a fresh booking home', async () => {
    const { bearer } = await server.signIn();
    const zones = await server.post('/api/booking/booking_zones/get', { merchant_slug: 'sakura-ramen', date: '2026-11-26' });
    const zoneId = zones.body.bookingZones[0].id as string;
    const slots = await server.post('/api/booking/booking_slots/get', {
      merchant_slug: 'sakura-ramen',
      date: '2026-11-26',
      bookingZoneId: zoneId,
      needed_seats: 2,
    });
    const slot = (slots.body.slots as Array<{ timestamp: number; available: boolean }>).find((candidate) => candidate.available)!;
    const created = await server.post(
      '/api/booking/create',
      { merchant_slug: 'sakura-ramen', datetime: slot.timestamp, booking_zone_id: zoneId, client_count: 2 },
      { bearer },
    );
    const token = created.body.token as string;
    await server.post('/api/booking/validate', { merchant_slug: 'sakura-ramen', token }, { bearer });
    await server.post('/api/booking/cancel', { merchant_slug: 'sakura-ramen', token }, { bearer });
    setMerchantToken('sakura-ramen', token);

    const visited: string[] = [];
    await startBookingHome(page('sakura-ramen'), `?token=${token}&seats=2`, { go: (to) => visited.push(to) });
    expect(visited).toEqual(['/sakura-ramen']);
    expect($home.get().booking).toBe('discarded');
    expect(getMerchantToken('sakura-ramen')).toBeNull();
  });

  test('a merchant that does not take bookings gives the main error with its phone', async () => {
    await startBookingHome(page('sakura-dormant'), '?asap=1', { go: () => {} });
    expect($mainError.get()).toEqual({ code: 'booking_not_activated', phone: page('sakura-dormant').phone });
    expect($selection.get().date).toBeNull();
  });
});
