import { afterEach, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeConfig } from '../../src/server/realtime/realtime.ts';
import { connectClient, connected, eventually, nextEvent, startRealtimeServer, subscribed, TEST_APP, type Pusher, type RealtimeHarness } from './support.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function harness(overrides: Partial<RealtimeConfig>): Promise<RealtimeHarness> {
  const started = await startRealtimeServer(overrides);
  cleanups.push(() => started.close());
  return started;
}

type Frame = { event: string; data?: any };

/** A raw socket (the way a bot would open many), optionally saying it comes through a proxy for `forwardedFor`. */
function rawSocket(port: number, forwardedFor?: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${TEST_APP.key}?protocol=7`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  cleanups.push(() => ws.terminate());
  const established = async () => {
    await eventually(() => frames.length > 0);
    return frames[0]!.event === 'pusher:connection_established';
  };
  return { ws, frames, closed, established };
}

function pusherClient(port: number): Pusher {
  const client = connectClient(port);
  cleanups.push(() => client.disconnect());
  return client;
}

describe('live connections are capped per client address', () => {
  test('one over the cap gets pusher:error 4100 and a close with 4100; a freed place is taken again', async () => {
    const { port } = await harness({ maxConnectionsPerAddress: 2 });
    const [a, b] = [rawSocket(port), rawSocket(port)];
    expect(await a.established()).toBe(true);
    expect(await b.established()).toBe(true);
    const over = rawSocket(port);
    expect(await over.closed).toBe(4100);
    expect(over.frames).toEqual([{ event: 'pusher:error', data: { code: 4100, message: 'At most 2 connections per client address' } }]);
    a.ws.close();
    await a.closed;
    await eventually(async () => rawSocket(port).established(), 3000);
  });

  test.each([
    ['believed from a trusted proxy: each forwarded address has its own cap', true, true],
    ['ignored without TRUST_PROXY: a client cannot pick its own address', false, false],
  ])('X-Forwarded-For is %s', async (_name, trustProxy, secondAccepted) => {
    const { port } = await harness({ maxConnectionsPerAddress: 1, trustProxy });
    expect(await rawSocket(port, '203.0.113.1').established()).toBe(true);
    expect(await rawSocket(port, '203.0.113.2').established()).toBe(secondAccepted);
  });

  test('pusher-js refused for being over the cap keeps trying with back-off, and connects once a place is free', async () => {
    const { port } = await harness({ maxConnectionsPerAddress: 1 });
    const first = pusherClient(port);
    await connected(first);
    const second = pusherClient(port);
    const refusals: unknown[] = [];
    second.connection.bind('error', (error: unknown) => refusals.push(error));
    // 4100 means "over capacity, retry later": once refused, never 'failed', which would stop it for good.
    await eventually(() => JSON.stringify(refusals).includes('4100'), 10_000);
    expect(['connecting', 'unavailable']).toContain(second.connection.state);
    first.disconnect();
    await eventually(() => second.connection.state === 'connected', 15_000);
  }, 20_000);
});

describe('subscriptions are capped per connection', () => {
  test('pusher-js gets pusher:subscription_error with status 429 beyond the cap, and keeps its connection and channels', async () => {
    const { port, realtime } = await harness({ maxChannelsPerConnection: 2 });
    const client = pusherClient(port);
    await connected(client);
    await subscribed(client, 'booking.aaaaaaaaaaaaaaaaaaaaaaaa');
    await subscribed(client, 'booking.bbbbbbbbbbbbbbbbbbbbbbbb');
    const refused = await subscribed(client, 'booking.cccccccccccccccccccccccc').then(
      () => undefined,
      (error: { detail: unknown }) => error.detail,
    );
    expect(refused).toMatchObject({ type: 'LimitReached', status: 429 });
    expect(client.connection.state).toBe('connected');
    const received = nextEvent(client, 'booking.aaaaaaaaaaaaaaaaaaaaaaaa', 'UpdateBooking');
    await realtime.broadcaster.publish('booking.aaaaaaaaaaaaaaaaaaaaaaaa', 'UpdateBooking', { n: 1 });
    expect(await received).toEqual({ n: 1 });
  });

  test('by default a connection may join 20 channels and no more', async () => {
    const { port } = await harness({});
    const client = pusherClient(port);
    await connected(client);
    const names = Array.from({ length: 21 }, (_, index) => `booking.channel${String(index).padStart(16, '0')}`);
    const outcomes = await Promise.allSettled(names.map((name) => subscribed(client, name)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(20);
  });
});
