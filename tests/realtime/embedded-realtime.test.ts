import { request } from 'node:http';
import { afterEach, describe, test, expect } from 'vitest';
import { signChannel } from '../../src/server/realtime/channel-auth.ts';
import { bookingChannel, publishBookingUpdate, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import {
  collectEvents,
  connectClient,
  connected,
  eventually,
  nextEvent,
  startRealtimeServer,
  subscribed,
  TEST_APP,
  type Pusher,
  type RealtimeHarness,
} from './support.ts';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harness(overrides: Parameters<typeof startRealtimeServer>[0] = {}): Promise<RealtimeHarness> {
  const started = await startRealtimeServer(overrides);
  cleanups.push(() => started.close());
  return started;
}

function client(port: number, ...rest: Parameters<typeof connectClient> extends [number, ...infer R] ? R : never): Pusher {
  const pusher = connectClient(port, ...rest);
  cleanups.push(() => pusher.disconnect());
  return pusher;
}

describe('embedded realtime with a pusher-js client', () => {
  test('a subscriber of booking.{token} receives UpdateBooking after a publish', async () => {
    const { realtime, port } = await harness();
    const pusher = client(port);
    const channel = bookingChannel('TOK123');
    await subscribed(pusher, channel);

    const received = nextEvent(pusher, channel, UPDATE_BOOKING_EVENT);
    await publishBookingUpdate(realtime.broadcaster, { token: 'TOK123', status: 20, ref: 'R-1', revision: 2 }, new Date('2030-01-02T03:04:05Z'));

    expect(await received).toEqual({ token: 'TOK123', status: 20, ref: 'R-1', revision: 2, updatedAt: '2030-01-02T03:04:05.000Z' });
  });

  test('a client subscribed to another channel receives nothing', async () => {
    const { realtime, port } = await harness();
    const watcher = client(port);
    const bystander = client(port);
    await subscribed(watcher, bookingChannel('MINE'));
    await subscribed(bystander, bookingChannel('OTHER'));
    const strayEvents = collectEvents(bystander, bookingChannel('OTHER'), UPDATE_BOOKING_EVENT);

    const delivered = nextEvent(watcher, bookingChannel('MINE'), UPDATE_BOOKING_EVENT);
    await publishBookingUpdate(realtime.broadcaster, { token: 'MINE', status: 10, ref: 'R-2', revision: 2 });
    await delivered;
    // A probe published after it reaches the bystander after anything sent to it before (one socket keeps the order).
    const probed = nextEvent(bystander, bookingChannel('OTHER'), 'Probe');
    await realtime.broadcaster.publish(bookingChannel('OTHER'), 'Probe', {});
    await probed;

    expect(strayEvents).toEqual([]);
  });

  test('after unsubscribe the client receives nothing more', async () => {
    const { realtime, port } = await harness();
    const pusher = client(port);
    const channelName = bookingChannel('GONE');
    await subscribed(pusher, channelName);
    await subscribed(pusher, 'probe');
    // Watch the raw connection: pusher-js drops events of channels it no longer knows, which would hide a server bug.
    const onWire: unknown[] = [];
    pusher.connection.bind('message', (event: { event: string; data: unknown }) => {
      if (event.event === 'Ping') onWire.push(event.data);
    });

    await realtime.broadcaster.publish(channelName, 'Ping', { n: 1 });
    await eventually(() => onWire.length === 1);
    pusher.unsubscribe(channelName);
    // A second client subscribing afterwards proves the server has processed the unsubscribe frame before we publish.
    const probe = client(port);
    await subscribed(probe, channelName);
    const probeReceived = nextEvent(probe, channelName, 'Ping');
    await realtime.broadcaster.publish(channelName, 'Ping', { n: 2 });
    await probeReceived;
    // A probe on a channel it still holds reaches it after anything sent to it before (one socket keeps the order).
    const probed = nextEvent(pusher, 'probe', 'Probe');
    await realtime.broadcaster.publish('probe', 'Probe', {});
    await probed;

    expect(onWire).toEqual([{ n: 1 }]);
  });

  test('string data reaches the client unchanged, objects arrive decoded', async () => {
    const { realtime, port } = await harness();
    const pusher = client(port);
    await subscribed(pusher, 'news');
    const received = collectEvents(pusher, 'news', 'Note');

    await realtime.broadcaster.publish('news', 'Note', 'plain text');
    await realtime.broadcaster.publish('news', 'Note', { nested: { list: [1, 2] } });
    await eventually(() => received.length === 2);

    expect(received).toEqual(['plain text', { nested: { list: [1, 2] } }]);
  });

  test('client pings are answered with pongs so the connection survives idle periods', async () => {
    const { realtime, port } = await harness({ activityTimeoutSeconds: 1 });
    // A short pong timeout makes pusher-js drop and reconnect (new socket id) if a pong ever goes missing.
    const pusher = client(port, TEST_APP.key, { pongTimeout: 400 });
    const socketId = await connected(pusher);
    await subscribed(pusher, 'idle');
    let pongs = 0;
    const states: string[] = [];
    pusher.connection.bind('message', (event: { event: string }) => {
      if (event.event === 'pusher:pong') pongs += 1;
    });
    pusher.connection.bind('state_change', (change: { current: string }) => states.push(change.current));

    // Idle long enough for two pings of pusher-js, each answered (or it would have reconnected).
    await eventually(() => pongs >= 2, 5_000);
    const received = nextEvent(pusher, 'idle', 'Wake');
    await realtime.broadcaster.publish('idle', 'Wake', { ok: true });

    expect(await received).toEqual({ ok: true });
    expect(pongs).toBeGreaterThanOrEqual(2);
    expect(states).toEqual([]);
    expect(pusher.connection.socket_id).toBe(socketId);
  });

  test('a wrong app key is refused with error 4001 and the client stays disconnected', async () => {
    const { port, realtime } = await harness();
    const pusher = client(port, 'not-our-key');
    const errors: string[] = [];
    const retries: number[] = [];
    pusher.connection.bind('error', (error: unknown) => errors.push(JSON.stringify(error)));
    // pusher-js announces every delayed reconnection with connecting_in; an immediate one runs on the next timer turn.
    pusher.connection.bind('connecting_in', (seconds: number) => retries.push(seconds));

    await eventually(() => pusher.connection.state === 'disconnected');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));

    expect(errors.some((error) => error.includes('4001'))).toBe(true);
    expect(retries).toEqual([]);
    expect(pusher.connection.state).toBe('disconnected');
    expect(realtime.clientConfig().key).not.toBe('not-our-key');
  });

  test('private channels subscribe with an authorizer backed by realtime.authorize', async () => {
    const { realtime, port } = await harness();
    const pusher = client(port, TEST_APP.key, {
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => callback(null, realtime.authorize(socketId, channelName)),
      },
    } as Parameters<typeof connectClient>[2]);
    await subscribed(pusher, 'private-staff');

    const received = nextEvent(pusher, 'private-staff', 'Shift');
    await realtime.broadcaster.publish('private-staff', 'Shift', { id: 7 });

    expect(await received).toEqual({ id: 7 });
  });

  test.each([
    ['a signature made with another secret', (socketId: string) => signChannel({ key: TEST_APP.key, secret: 'wrong' }, socketId, 'private-staff')],
    ['a signature for another socket', (_socketId: string) => signChannel(TEST_APP, '1.1', 'private-staff')],
    ['a signature for another channel', (socketId: string) => signChannel(TEST_APP, socketId, 'private-other')],
    ['a garbage auth string', (_socketId: string) => ({ auth: 'garbage' })],
  ])('a private subscription with %s fails with subscription_error', async (_label, makeAuth) => {
    const { port } = await harness();
    const pusher = client(port, TEST_APP.key, {
      channelAuthorization: {
        customHandler: ({ socketId }, callback) => callback(null, makeAuth(socketId)),
      },
    } as Parameters<typeof connectClient>[2]);

    const failure = await subscribed(pusher, 'private-staff').then(
      () => null,
      (error: { detail: unknown }) => error.detail,
    );

    expect(failure).toMatchObject({ type: 'AuthError', status: 401 });
  });

  test('presence channels are refused even with a valid signature', async () => {
    const { realtime, port } = await harness();
    const member = JSON.stringify({ user_id: 'u1', user_info: {} });
    const pusher = client(port, TEST_APP.key, {
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => callback(null, realtime.authorize(socketId, channelName, member)),
      },
    } as Parameters<typeof connectClient>[2]);

    const failure = await subscribed(pusher, 'presence-room').then(
      () => null,
      (error: { detail: unknown }) => error.detail,
    );

    expect(failure).toMatchObject({ type: 'UnsupportedChannel', status: 403 });
  });

  test('clientConfig points browsers at the embedded server', async () => {
    const { realtime } = await harness({ publicWs: { host: 'book.example.test', port: 443, tls: true } });
    expect(realtime.clientConfig()).toEqual({
      key: TEST_APP.key,
      cluster: TEST_APP.cluster,
      wsHost: 'book.example.test',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
    });
  });

  test.each([
    ['with no other upgrade listener, gets 400', false, 400],
    ['with another upgrade listener, is left to it', true, 418],
  ])('an upgrade on a path other than /app/ %s', async (_label, otherListener, expected) => {
    const { server, port } = await harness();
    if (otherListener) {
      server.on('upgrade', (req, socket) => {
        if (!req.url?.startsWith('/app/')) socket.end('HTTP/1.1 418 I am a teapot\r\nContent-Length: 0\r\n\r\n');
      });
    }

    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/elsewhere',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      });
      req.on('response', (res) => resolve(res.statusCode));
      req.on('upgrade', () => reject(new Error('unexpected upgrade')));
      req.on('error', reject);
      req.end();
    });

    expect(status).toBe(expected);
  });

  test('attach() is idempotent and close() detaches from the server', async () => {
    const { realtime, server } = await harness();
    realtime.attach(server);
    expect(server.listenerCount('upgrade')).toBe(1);

    await realtime.close();

    expect(server.listenerCount('upgrade')).toBe(0);
  });
});
