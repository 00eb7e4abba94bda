import { Redis } from 'ioredis';
import { consoleRealtimeLogger, type RealtimeLogger } from './realtime-logger.ts';

/** One event for one channel, as it travels between processes. */
export type RealtimeMessage = { channel: string; event: string; data: unknown };

/** Handler invoked for every message published on the bus (by any process sharing it). */
export type RealtimeMessageHandler = (msg: RealtimeMessage) => void;

/** Publish/subscribe pipe that carries realtime messages to every socket server sharing it. */
export interface EventBus {
  publish(msg: RealtimeMessage): Promise<void>;
  subscribe(handler: RealtimeMessageHandler): void;
  close(): Promise<void>;
}

/** Redis-backed bus; `ready()` resolves once the subscriber connection listens on the topic. */
export interface RedisEventBus extends EventBus {
  ready(): Promise<void>;
}

/** Calls every handler, isolating them so one failing handler cannot starve the others. */
function dispatch(handlers: readonly RealtimeMessageHandler[], msg: RealtimeMessage, logger: RealtimeLogger): void {
  for (const handler of handlers) {
    try {
      handler(msg);
    } catch (error) {
      logger.error({ err: error, channel: msg.channel, event: msg.event }, 'realtime handler failed');
    }
  }
}

/** True when a decoded bus payload has the RealtimeMessage shape. */
function isRealtimeMessage(value: unknown): value is RealtimeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.channel === 'string' && typeof candidate.event === 'string' && 'data' in candidate;
}

/** In-process bus: publish delivers synchronously to this process's handlers only. */
export function createLocalBus(logger: RealtimeLogger = consoleRealtimeLogger): EventBus {
  const handlers: RealtimeMessageHandler[] = [];
  let closed = false;
  return {
    async publish(msg) {
      if (!closed) dispatch(handlers, msg, logger);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      handlers.length = 0;
    },
  };
}

/** Closes an ioredis connection politely when it is up, abruptly otherwise (quit would wait on a reconnect). */
async function closeRedis(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status === 'ready') {
    try {
      await connection.quit();
      return;
    } catch {
      // Fall through: the connection dropped while quitting.
    }
  }
  connection.disconnect(false);
}

/**
 * Bus shared by every process connected to the same Redis: one publisher and one subscriber connection,
 * JSON payloads on `topic`. ioredis reconnects on its own and re-subscribes after a reconnect.
 */
export function createRedisBus(redisUrl: string, topic = 'couvert:realtime', logger: RealtimeLogger = consoleRealtimeLogger): RedisEventBus {
  const handlers: RealtimeMessageHandler[] = [];
  // Named after the topic so CLIENT LIST shows which bus a connection serves.
  const nameSuffix = topic.replace(/[^\w:.-]/g, '_');
  // A publish waits through at most one reconnect attempt, so a Redis outage cannot stall a booking change for long.
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectionName: `couvert-realtime-pub:${nameSuffix}` });
  const subscriber = new Redis(redisUrl, { autoResubscribe: true, connectionName: `couvert-realtime-sub:${nameSuffix}` });
  let closed = false;

  for (const [role, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (error: unknown) => {
      if (!closed) logger.warn({ err: error, role }, 'realtime redis connection error');
    });
  }

  subscriber.on('message', (channel: string, payload: string) => {
    if (closed || channel !== topic) return;
    let decoded: unknown;
    try {
      decoded = JSON.parse(payload);
    } catch {
      logger.warn({ topic }, 'realtime redis message is not JSON');
      return;
    }
    if (!isRealtimeMessage(decoded)) {
      logger.warn({ topic }, 'realtime redis message has the wrong shape');
      return;
    }
    dispatch(handlers, decoded, logger);
  });

  const subscribed = subscriber.subscribe(topic).then(() => undefined);
  // Keep the promise observed: an early failure is reported by ready() and the error listener, not as an unhandled rejection.
  subscribed.catch(() => {});

  return {
    async publish(msg) {
      if (closed) return;
      await publisher.publish(topic, JSON.stringify(msg));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    ready() {
      return subscribed;
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.length = 0;
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
