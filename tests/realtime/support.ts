import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PusherModule from 'pusher-js';
import type { Options } from 'pusher-js';
import { createRealtime, type Realtime, type RealtimeConfig } from '../../src/server/realtime/realtime.ts';
import type { RealtimeLogger } from '../../src/server/realtime/realtime-logger.ts';

// pusher-js ships CommonJS with ESM-style typings: at runtime the default import is the class itself.
type PusherClass = typeof PusherModule.default;
const Pusher = PusherModule as unknown as PusherClass;
/** A pusher-js client instance. */
export type Pusher = InstanceType<PusherClass>;

/** App credentials every test uses. */
export const TEST_APP = { appId: '4242', key: 'couvert-test-key', secret: 'couvert-test-secret', cluster: 'local' };

/** A realtime instance attached to its own http server on a random port. */
export type RealtimeHarness = { realtime: Realtime; server: Server; port: number; close(): Promise<void> };

/** Logger that records warnings and errors instead of printing them. */
export function recordingLogger(): RealtimeLogger & { entries: { level: string; msg: string | undefined; obj: object }[] } {
  const entries: { level: string; msg: string | undefined; obj: object }[] = [];
  return {
    entries,
    warn: (obj, msg) => entries.push({ level: 'warn', msg, obj }),
    error: (obj, msg) => entries.push({ level: 'error', msg, obj }),
  };
}

/** Starts an http server on 127.0.0.1 with realtime attached. */
export async function startRealtimeServer(overrides: Partial<RealtimeConfig> = {}): Promise<RealtimeHarness> {
  const realtime = createRealtime({ ...TEST_APP, logger: recordingLogger(), ...overrides });
  const server = createServer((_req, res) => res.writeHead(404).end());
  realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    realtime,
    server,
    port,
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real pusher-js client pointed at a local embedded server, websocket transport only. */
export function connectClient(port: number, key: string = TEST_APP.key, extra: Partial<Options> = {}): Pusher {
  return new Pusher(key, {
    cluster: TEST_APP.cluster,
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    ...extra,
  });
}

/** Resolves once the client is connected, with its socket id. */
export function connected(client: Pusher): Promise<string> {
  return new Promise((resolve, reject) => {
    if (client.connection.state === 'connected') return resolve(client.connection.socket_id);
    const timer = setTimeout(() => reject(new Error(`not connected, state ${client.connection.state}`)), 5000);
    client.connection.bind('connected', () => {
      clearTimeout(timer);
      resolve(client.connection.socket_id);
    });
  });
}

/** Subscribes and resolves on subscription success, rejects on subscription error. */
export function subscribed(client: Pusher, channelName: string): Promise<ReturnType<Pusher['subscribe']>> {
  const channel = client.subscribe(channelName);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription answer for ${channelName}`)), 5000);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve(channel);
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(Object.assign(new Error('subscription_error'), { detail: error }));
    });
  });
}

/** Resolves with the data of the next `event` on `channelName`, or rejects after `timeoutMs`. */
export function nextEvent(client: Pusher, channelName: string, event: string, timeoutMs = 3000): Promise<unknown> {
  const channel = client.channel(channelName);
  if (!channel) return Promise.reject(new Error(`not subscribed to ${channelName}`));
  return new Promise((resolve, reject) => {
    const handler = (data: unknown) => {
      clearTimeout(timer);
      channel.unbind(event, handler);
      resolve(data);
    };
    const timer = setTimeout(() => {
      channel.unbind(event, handler);
      reject(new Error(`no ${event} on ${channelName} within ${timeoutMs} ms`));
    }, timeoutMs);
    channel.bind(event, handler);
  });
}

/** Collects every `event` received on `channelName` from now on. */
export function collectEvents(client: Pusher, channelName: string, event: string): unknown[] {
  const received: unknown[] = [];
  client.channel(channelName)?.bind(event, (data: unknown) => received.push(data));
  return received;
}

/** Waits `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(20);
  }
}
