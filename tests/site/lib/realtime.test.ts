import { describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import type { BookingUpdateEvent, RealtimeConfigResponse } from '../../../src/shared/api/realtime.ts';
import { createBooking, getBookingSlots, getBookingZones, setBookingComment } from '../../../src/lib/api/booking-api.ts';
import { getRealtimeConfig, pusherOptions, subscribeToBooking } from '../../../src/lib/api/realtime.ts';
import { installStorage } from '../support/browser-storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const embedded: RealtimeConfigResponse = { success: true, key: 'k', cluster: 'eu', forceTLS: false, enabledTransports: ['ws', 'wss'] };
const external: RealtimeConfigResponse = { ...embedded, wsHost: 'ws-eu.pusher.example', forceTLS: true };

describe('pusher-js options', () => {
  test.each([
    [
      'http page on a port',
      { hostname: 'book.example', port: '8080', protocol: 'http:' },
      { wsHost: 'book.example', wsPort: 8080, wssPort: 8080, forceTLS: false },
    ],
    [
      'https page without a port',
      { hostname: 'book.example', port: '', protocol: 'https:' },
      { wsHost: 'book.example', wsPort: 443, wssPort: 443, forceTLS: true },
    ],
    [
      'http page without a port',
      { hostname: 'book.example', port: '', protocol: 'http:' },
      { wsHost: 'book.example', wsPort: 80, wssPort: 80, forceTLS: false },
    ],
  ])('embedded mode dials the site itself (%s)', (_case, site, expected) => {
    expect(pusherOptions(embedded, site)).toMatchObject({ ...expected, cluster: 'eu' });
  });

  test('embedded mode never sends stats to pusher.com', () => {
    expect(pusherOptions(embedded, { hostname: 'h', port: '', protocol: 'https:' })).toMatchObject({ enableStats: false, disableStats: true });
  });

  test('an external service keeps its own host, TLS and stats', () => {
    expect(pusherOptions(external, { hostname: 'book.example', port: '8080', protocol: 'http:' })).toMatchObject({
      wsHost: 'ws-eu.pusher.example',
      forceTLS: true,
      enableStats: true,
    });
  });

  test('channel authorization goes to /broadcasting/auth with the stored bearer', () => {
    installStorage();
    setApiBaseUrl('https://api.example');
    type EndpointAuth = { endpoint: string; transport: string; headersProvider: () => Record<string, string> };
    const auth = (bearer: string | null) =>
      pusherOptions(embedded, { hostname: 'h', port: '', protocol: 'https:' }, () => bearer).channelAuthorization as EndpointAuth;
    expect(auth('BEARER')).toMatchObject({ endpoint: 'https://api.example/broadcasting/auth', transport: 'ajax' });
    expect(auth('BEARER').headersProvider()).toEqual({ Authorization: 'Bearer BEARER' });
    expect(auth(null).headersProvider()).toEqual({});
  });
});

describe('live booking updates from the real server', () => {
  const server = useBrowserTestServer();

  test('the server config is embedded mode (no wsHost)', async () => {
    const config = await getRealtimeConfig();
    expect(config.key).toBe('test-key');
    expect(config.wsHost).toBeUndefined();
  });

  test('a subscriber of booking.{token} hears UpdateBooking when the booking changes', async () => {
    const { bookingZones } = await getBookingZones('le-petit-zinc', '2026-11-24');
    const zoneId = bookingZones[0]!.id;
    const { slots } = await getBookingSlots({ merchantSlug: 'le-petit-zinc', date: '2026-11-24', zoneId, neededSeats: 2 });
    const slot = slots.find((candidate) => candidate.available)!;
    const { token } = await createBooking({ token: null, merchant_slug: 'le-petit-zinc', datetime: slot.timestamp, booking_zone_id: zoneId, client_count: 2 });

    const url = new URL(server.url);
    const events: BookingUpdateEvent[] = [];
    let heard: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    const subscription = subscribeToBooking(
      token,
      (event) => {
        events.push(event);
        heard();
      },
      { location: { hostname: url.hostname, port: url.port, protocol: url.protocol } },
    );
    try {
      await subscription.ready;
      await setBookingComment(token, 'le-petit-zinc', 'We will be a little late');
      await arrived;
      expect(events[0]).toMatchObject({ token });
    } finally {
      subscription.stop();
    }
  });

  test('stopping before the subscription is made settles ready', async () => {
    const subscription = subscribeToBooking('TOKEN-0123456789abcdef', () => {}, { location: { hostname: '127.0.0.1', port: '9', protocol: 'http:' } });
    subscription.stop();
    await expect(subscription.ready).resolves.toBeUndefined();
  });
});
