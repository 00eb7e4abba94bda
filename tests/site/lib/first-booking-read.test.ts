import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, readApiAnswer } from '../../../src/lib/api/api-client.ts';
import type { GetBookingResponse } from '../../../src/shared/api/booking.ts';
import { createBooking, getBookingSlots, getBookingZones } from '../../../src/lib/api/booking-api.ts';
import { startFirstBookingRead, takeFirstBookingRead } from '../../../src/lib/api/first-booking-read.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

useBrowserTestServer();
const merchantSlug = 'le-petit-zinc';

afterEach(() => {
  vi.restoreAllMocks();
});

async function draftToken(): Promise<string> {
  const { bookingZones } = await getBookingZones(merchantSlug, '2026-11-24');
  const zone = bookingZones[0]!;
  const { slots } = await getBookingSlots({ merchantSlug, date: '2026-11-24', zoneId: zone.id, neededSeats: 2 });
  const slot = slots.find((candidate) => candidate.available)!;
  const { token } = await createBooking({ token: null, merchant_slug: merchantSlug, datetime: slot.timestamp, booking_zone_id: zone.id, client_count: 2 });
  return token;
}

describe("the tracking page's first booking read", () => {
  test('is asked once: the first view reads a copy, and the island takes the same answer over, once', async () => {
    const token = await draftToken();
    const fetches = vi.spyOn(globalThis, 'fetch');
    const read = { token, merchantSlug, lang: 'en' };

    const copy = (await (await startFirstBookingRead(read)).json()) as GetBookingResponse;
    const taken = takeFirstBookingRead(read);
    expect(taken).toBeDefined();
    const answer = await readApiAnswer<GetBookingResponse>(taken!);

    expect(fetches).toHaveBeenCalledTimes(1);
    expect(copy.booking.token).toBe(token);
    expect(answer.booking).toEqual(copy.booking);
    expect(takeFirstBookingRead(read)).toBeUndefined();
  });

  test.each([
    ['another language', { lang: 'fr' }],
    ['another booking', { token: 'another-token' }],
    ['another merchant', { merchantSlug: 'sakura-ramen' }],
  ])('is not handed over for %s', async (_case, change) => {
    const read = { token: 'some-token', merchantSlug, lang: 'en' };
    void startFirstBookingRead(read).catch(() => {});
    expect(takeFirstBookingRead({ ...read, ...change })).toBeUndefined();
    expect(takeFirstBookingRead(read)).toBeDefined();
  });

  test("an unknown booking reaches the island as the server's error", async () => {
    const read = { token: 'no-such-booking-token', merchantSlug, lang: 'fr' };
    await startFirstBookingRead(read);
    const failure = await readApiAnswer(takeFirstBookingRead(read)!).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('booking_not_found');
  });
});
