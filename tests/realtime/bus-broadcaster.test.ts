import { randomUUID } from 'node:crypto';
import { describe, test, expect } from 'vitest';
import { createBusBroadcaster } from '../../src/server/realtime/broadcaster.ts';
import { createLocalBus, createRedisBus, type RealtimeMessage } from '../../src/server/realtime/event-bus.ts';
import { recordingLogger } from './support.ts';

describe('local event bus', () => {
  test('delivers each published message to every subscriber', async () => {
    const bus = createLocalBus(recordingLogger());
    const first: RealtimeMessage[] = [];
    const second: RealtimeMessage[] = [];
    bus.subscribe((msg) => first.push(msg));
    bus.subscribe((msg) => second.push(msg));

    await bus.publish({ channel: 'c', event: 'e', data: { n: 1 } });

    expect(first).toEqual([{ channel: 'c', event: 'e', data: { n: 1 } }]);
    expect(second).toEqual(first);
  });

  test('a throwing subscriber is logged and does not stop the others', async () => {
    const logger = recordingLogger();
    const bus = createLocalBus(logger);
    const seen: RealtimeMessage[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    bus.subscribe((msg) => seen.push(msg));

    await bus.publish({ channel: 'c', event: 'e', data: null });

    expect(seen).toHaveLength(1);
    expect(logger.entries).toEqual([expect.objectContaining({ level: 'error' })]);
  });

  test('after close nothing is delivered', async () => {
    const bus = createLocalBus(recordingLogger());
    const seen: RealtimeMessage[] = [];
    bus.subscribe((msg) => seen.push(msg));

    await bus.close();
    await bus.publish({ channel: 'c', event: 'e', data: null });

    expect(seen).toEqual([]);
  });
});

describe('bus broadcaster', () => {
  test('publishes channel, event and data as one bus message', async () => {
    const bus = createLocalBus(recordingLogger());
    const seen: RealtimeMessage[] = [];
    bus.subscribe((msg) => seen.push(msg));

    await createBusBroadcaster(bus).publish('booking.t', 'UpdateBooking', { status: 10 });

    expect(seen).toEqual([{ channel: 'booking.t', event: 'UpdateBooking', data: { status: 10 } }]);
  });

  test('an unreachable Redis is logged, never thrown to the caller', async () => {
    const logger = recordingLogger();
    // Port 1 refuses connections: the publish fails after one reconnect attempt.
    const bus = createRedisBus('redis://127.0.0.1:1', `couvert:realtime:test:${randomUUID()}`, logger);

    try {
      await expect(createBusBroadcaster(bus, logger).publish('c', 'e', {})).resolves.toBeUndefined();
    } finally {
      await bus.close();
    }

    expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error', msg: 'realtime publish failed' }));
  });
});
