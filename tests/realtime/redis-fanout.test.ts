import { randomUUID } from 'node:crypto';
import { afterEach, describe, test, expect } from 'vitest';
import { Redis } from 'ioredis';
import { bookingChannel, publishBookingUpdate, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { createRedisBus, type RealtimeMessage } from '../../src/server/realtime/event-bus.ts';
import { silentRealtimeLogger } from '../../src/server/realtime/realtime-logger.ts';
import { connectClient, eventually, nextEvent, startRealtimeServer, subscribed } from './support.ts';
import { redisAvailable, TEST_REDIS_URL } from './redis-availability.ts';

const hasRedis = await redisAvailable();
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function uniqueTopic(): string {
  return `couvert:realtime:test:${randomUUID()}`;
}

/** Waits until `count` connections listen on the topic, so no publish races a subscription. */
async function subscribersOn(topic: string, count: number): Promise<void> {
  const probe = new Redis(TEST_REDIS_URL);
  try {
    await eventually(async () => {
      const reply = (await probe.pubsub('NUMSUB', topic)) as [string, number];
      return Number(reply[1]) >= count;
    });
  } finally {
    probe.disconnect();
  }
}

/** Ids of the Redis connections carrying this client name. */
async function clientIds(admin: Redis, name: string): Promise<number[]> {
  const list = (await admin.client('LIST')) as string;
  return list
    .split('\n')
    .filter((line) => line.includes(` name=${name} `))
    .map((line) => Number(/(?:^|\s)id=(\d+)/.exec(line)?.[1]));
}

describe.skipIf(!hasRedis)('realtime through Redis', () => {
  test('an event published on process A reaches a pusher-js client connected to process B', async () => {
    const topic = uniqueTopic();
    const a = await startRealtimeServer({ redisUrl: TEST_REDIS_URL, redisTopic: topic });
    cleanups.push(() => a.close());
    const b = await startRealtimeServer({ redisUrl: TEST_REDIS_URL, redisTopic: topic });
    cleanups.push(() => b.close());
    const client = connectClient(b.port);
    cleanups.push(() => client.disconnect());
    const channel = bookingChannel('FANOUT');
    await subscribed(client, channel);
    await subscribersOn(topic, 2);

    const received = nextEvent(client, channel, UPDATE_BOOKING_EVENT);
    await publishBookingUpdate(a.realtime.broadcaster, { token: 'FANOUT', status: 25, ref: 'R-9', revision: 4 });

    expect(await received).toMatchObject({ token: 'FANOUT', status: 25, ref: 'R-9', revision: 4 });
  });

  test('instances on different topics do not hear each other', async () => {
    const a = await startRealtimeServer({ redisUrl: TEST_REDIS_URL, redisTopic: uniqueTopic() });
    cleanups.push(() => a.close());
    const topicB = uniqueTopic();
    const b = await startRealtimeServer({ redisUrl: TEST_REDIS_URL, redisTopic: topicB });
    cleanups.push(() => b.close());
    const client = connectClient(b.port);
    cleanups.push(() => client.disconnect());
    await subscribed(client, 'booking.ISOLATED');
    await subscribersOn(topicB, 1);

    const received = nextEvent(client, 'booking.ISOLATED', 'UpdateBooking', 400).then(
      () => true,
      () => false,
    );
    await a.realtime.broadcaster.publish('booking.ISOLATED', 'UpdateBooking', {});

    expect(await received).toBe(false);
  });

  test('the Redis bus delivers JSON messages to every bus on the topic, including the publisher', async () => {
    const topic = uniqueTopic();
    const one = createRedisBus(TEST_REDIS_URL, topic, silentRealtimeLogger);
    cleanups.push(() => one.close());
    const two = createRedisBus(TEST_REDIS_URL, topic, silentRealtimeLogger);
    cleanups.push(() => two.close());
    const seenByOne: RealtimeMessage[] = [];
    const seenByTwo: RealtimeMessage[] = [];
    one.subscribe((msg) => seenByOne.push(msg));
    two.subscribe((msg) => seenByTwo.push(msg));
    await Promise.all([one.ready(), two.ready()]);

    const message = { channel: 'booking.x', event: 'UpdateBooking', data: { status: 20, when: '2030-01-01' } };
    await one.publish(message);
    await eventually(() => seenByOne.length === 1 && seenByTwo.length === 1);

    expect(seenByOne).toEqual([message]);
    expect(seenByTwo).toEqual([message]);
  });

  test('malformed payloads on the topic are ignored and later messages still flow', async () => {
    const topic = uniqueTopic();
    const bus = createRedisBus(TEST_REDIS_URL, topic, silentRealtimeLogger);
    cleanups.push(() => bus.close());
    const seen: RealtimeMessage[] = [];
    bus.subscribe((msg) => seen.push(msg));
    await bus.ready();
    const raw = new Redis(TEST_REDIS_URL);
    cleanups.push(() => raw.disconnect());

    await raw.publish(topic, 'not json');
    await raw.publish(topic, JSON.stringify({ channel: 1, event: 'x' }));
    await bus.publish({ channel: 'c', event: 'e', data: null });
    // Redis delivers a topic's messages in the order published: once the last is seen, the malformed ones were read before it.
    await eventually(() => seen.length === 1);

    expect(seen).toEqual([{ channel: 'c', event: 'e', data: null }]);
  });

  test('the Redis bus resubscribes after its subscriber connection is killed', async () => {
    const topic = uniqueTopic();
    const bus = createRedisBus(TEST_REDIS_URL, topic, silentRealtimeLogger);
    cleanups.push(() => bus.close());
    const seen: RealtimeMessage[] = [];
    bus.subscribe((msg) => seen.push(msg));
    await bus.ready();
    const admin = new Redis(TEST_REDIS_URL);
    cleanups.push(() => admin.disconnect());
    const [subscriberId] = await clientIds(admin, `couvert-realtime-sub:${topic}`);

    await admin.client('KILL', 'ID', String(subscriberId));
    await eventually(async () => (await clientIds(admin, `couvert-realtime-sub:${topic}`)).some((id) => id !== subscriberId), 5000);
    await subscribersOn(topic, 1);
    await bus.publish({ channel: 'c', event: 'after-reconnect', data: 1 });
    await eventually(() => seen.length > 0);

    expect(subscriberId).toBeDefined();
    expect(seen).toEqual([{ channel: 'c', event: 'after-reconnect', data: 1 }]);
  });

  test('close() quits both Redis connections', async () => {
    const topic = uniqueTopic();
    const bus = createRedisBus(TEST_REDIS_URL, topic, silentRealtimeLogger);
    await bus.ready();
    await bus.publish({ channel: 'c', event: 'e', data: 1 });
    const admin = new Redis(TEST_REDIS_URL);
    cleanups.push(() => admin.disconnect());
    const ours = async () =>
      (await clientIds(admin, `couvert-realtime-pub:${topic}`)).length + (await clientIds(admin, `couvert-realtime-sub:${topic}`)).length;
    expect(await ours()).toBe(2);

    await bus.close();

    await eventually(async () => (await ours()) === 0);
    const reply = (await admin.pubsub('NUMSUB', topic)) as [string, number];
    expect(Number(reply[1])).toBe(0);
  });
});
