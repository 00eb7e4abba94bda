import Pusher from 'pusher';
import type { EventBus } from './event-bus.ts';
import { consoleRealtimeLogger, type RealtimeLogger } from './realtime-logger.ts';

/** Sends an event to every subscriber of a channel; publish never rejects (failures are logged). */
export interface Broadcaster {
  publish(channel: string, event: string, data: unknown): Promise<void>;
  close(): Promise<void>;
}

/** Connection settings of an external Pusher-compatible service (Pusher itself, soketi, ...). */
export type ExternalPusherConfig = {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** REST host; when absent the SDK uses api-{cluster}.pusher.com. */
  host?: string;
  port?: number;
  useTLS?: boolean;
};

/** Request timeout for the external service, so a slow push cannot hold a booking change for long. */
const PUSHER_HTTP_TIMEOUT_MS = 5000;

/** Broadcaster that hands events to an event bus (embedded server, local or through Redis); it does not own the bus. */
export function createBusBroadcaster(bus: EventBus, logger: RealtimeLogger = consoleRealtimeLogger): Broadcaster {
  let closed = false;
  return {
    async publish(channel, event, data) {
      if (closed) return;
      try {
        await bus.publish({ channel, event, data });
      } catch (error) {
        logger.error({ err: error, channel, event }, 'realtime publish failed');
      }
    },
    async close() {
      closed = true;
    },
  };
}

/** Builds the official SDK client for the external service. */
function createPusherClient(config: ExternalPusherConfig): Pusher {
  const base = {
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    useTLS: config.useTLS ?? true,
    timeout: PUSHER_HTTP_TIMEOUT_MS,
  };
  if (config.host) {
    return new Pusher(config.port === undefined ? { ...base, host: config.host } : { ...base, host: config.host, port: String(config.port) });
  }
  return new Pusher({ ...base, cluster: config.cluster });
}

/** Broadcaster that triggers events through the official `pusher` SDK; close() waits for triggers in flight. */
export function createPusherSdkBroadcaster(config: ExternalPusherConfig, logger: RealtimeLogger = consoleRealtimeLogger): Broadcaster {
  const pusher = createPusherClient(config);
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  async function trigger(channel: string, event: string, data: unknown): Promise<void> {
    try {
      await pusher.trigger(channel, event, data);
    } catch (error) {
      logger.error({ err: error, channel, event }, 'pusher trigger failed');
    }
  }

  return {
    async publish(channel, event, data) {
      if (closed) return;
      const attempt = trigger(channel, event, data);
      inFlight.add(attempt);
      try {
        await attempt;
      } finally {
        inFlight.delete(attempt);
      }
    },
    async close() {
      closed = true;
      await Promise.all(inFlight);
    },
  };
}
