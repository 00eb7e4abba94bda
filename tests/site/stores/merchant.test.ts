import { beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import {
  $closedDays,
  $currentBookingToken,
  $mainError,
  $merchant,
  $merchantSlug,
  $shifts,
  $theme,
  $zoneCount,
  loadMerchant,
  seedMerchant,
} from '../../../src/stores/merchant.ts';
import { setBearer } from '../../../src/lib/platform/storage.ts';
import type { MemoryStorage } from '../support/browser-storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();
let local: MemoryStorage;

beforeEach(() => {
  // The fixture has installed this test's fresh storage.
  local = localStorage as MemoryStorage;
  $merchant.set(null);
  $mainError.set(null);
});

describe('loading the merchant from the real server', () => {
  test('fills merchant, shifts, closed days, theme, zone count and the current booking token', async () => {
    expect(await loadMerchant('le-petit-zinc', bookingApi)).toBe(true);
    expect($merchantSlug.get()).toBe('le-petit-zinc');
    expect($merchant.get()?.name).toBe('Le Petit Zinc');
    expect($shifts.get()).toHaveLength(7);
    expect($closedDays.get()).toContain('2026-12-24');
    expect($theme.get()?.primary).toMatch(/^#/);
    expect($zoneCount.get()).toBe(2);
    expect($currentBookingToken.get()).toBeNull();
    expect($mainError.get()).toBeNull();
  });

  test('remembers the merchant as current_merchant', async () => {
    await loadMerchant('sakura-ramen');
    expect(local.getItem('current_merchant')).toBe('sakura-ramen');
  });

  test('an unknown merchant becomes the main error, with the phone the page gave', async () => {
    seedMerchant({
      slug: 'gone-away',
      name: 'Gone',
      phone: '+33 1 00 00 00 00',
      timezone: 'Europe/Paris',
      bookingEnabled: true,
      shifts: [],
      closedDays: [],
      settings: { minClientsPerBookings: 1, maxClientsPerBookings: 4, keepTableDuration: 15, showZone: true },
      zones: [],
      theme: { primary: '#000000', background: '#ffffff' },
    });
    expect(await loadMerchant('gone-away')).toBe(false);
    expect($mainError.get()).toEqual({ code: 'merchant_not_found', phone: '+33 1 00 00 00 00' });
  });

  test('no answer from the server is a network_error main error, not the merchant refusing', async () => {
    setApiBaseUrl('http://127.0.0.1:9');
    expect(await loadMerchant('le-petit-zinc')).toBe(false);
    expect($mainError.get()?.code).toBe('network_error');
  });

  test('a signed-in diner with a live booking gets its token back', async () => {
    const { bearer } = await server.signIn();
    setBearer(bearer);
    const { bookingZones } = await bookingApi.getBookingZones('sakura-ramen', '2026-11-24');
    const zoneId = bookingZones[0]!.id;
    const { slots } = await bookingApi.getBookingSlots({ merchantSlug: 'sakura-ramen', date: '2026-11-24', zoneId, neededSeats: 2 });
    const slot = slots.find((candidate) => candidate.available)!;
    const { token } = await bookingApi.createBooking({
      token: null,
      merchant_slug: 'sakura-ramen',
      datetime: slot.timestamp,
      booking_zone_id: zoneId,
      client_count: 2,
    });
    await bookingApi.validateBooking(token, 'sakura-ramen');
    await loadMerchant('sakura-ramen');
    expect($currentBookingToken.get()).toBe(token);
  });
});
