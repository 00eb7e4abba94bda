import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, test, expect } from 'vitest';
import { bookingChannel, publishBookingUpdate, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';
import { createRealtime, type Realtime } from '../../src/server/realtime/realtime.ts';
import { recordingLogger } from './support.ts';

type Recorded = { method: string; path: string; query: URLSearchParams; body: string };

const external = { appId: '777', key: 'ext-key', secret: 'ext-secret', cluster: 'eu' };
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A stand-in for the Pusher HTTP API that records requests and answers with `status`. */
async function fakePusherApi(status = 200): Promise<{ port: number; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{}' : '{"error":"nope"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, requests };
}

function externalRealtime(port: number, logger = recordingLogger()): Realtime {
  const realtime = createRealtime({
    appId: 'embedded-id',
    key: 'embedded-key',
    secret: 'embedded-secret',
    cluster: 'local',
    logger,
    external: { ...external, host: '127.0.0.1', port, useTLS: false },
  });
  cleanups.push(() => realtime.close());
  return realtime;
}

/** The signature Pusher's REST API expects: HMAC of "METHOD\npath\nsorted query without auth_signature". */
function expectedSignature(recorded: Recorded): string {
  const params = [...recorded.query.entries()]
    .filter(([name]) => name !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return createHmac('sha256', external.secret).update(`${recorded.method}\n${recorded.path}\n${params}`).digest('hex');
}

describe('realtime with an external Pusher service', () => {
  test('a booking update is POSTed to /apps/{appId}/events with channel, event and data, signed', async () => {
    const api = await fakePusherApi();
    const realtime = externalRealtime(api.port);

    await publishBookingUpdate(realtime.broadcaster, { token: 'EXT1', status: 20, ref: 'R-5', revision: 2 }, new Date('2030-05-06T07:08:09Z'));

    expect(api.requests).toHaveLength(1);
    const [sent] = api.requests as [Recorded];
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/apps/777/events');
    const body = JSON.parse(sent.body) as { name: string; channels: string[]; data: string };
    expect(body.name).toBe(UPDATE_BOOKING_EVENT);
    expect(body.channels).toEqual([bookingChannel('EXT1')]);
    expect(JSON.parse(body.data)).toEqual({ token: 'EXT1', status: 20, ref: 'R-5', revision: 2, updatedAt: '2030-05-06T07:08:09.000Z' });
    expect(sent.query.get('auth_key')).toBe(external.key);
    expect(sent.query.get('body_md5')).toBe(createHash('md5').update(sent.body).digest('hex'));
    expect(sent.query.get('auth_signature')).toBe(expectedSignature(sent));
  });

  test('a failing external service is logged and never thrown to the caller', async () => {
    const api = await fakePusherApi(500);
    const logger = recordingLogger();
    const realtime = externalRealtime(api.port, logger);

    await expect(realtime.broadcaster.publish('booking.X', UPDATE_BOOKING_EVENT, {})).resolves.toBeUndefined();

    expect(api.requests).toHaveLength(1);
    expect(logger.entries).toEqual([expect.objectContaining({ level: 'error' })]);
  });

  test('an unreachable external service is logged and never thrown to the caller', async () => {
    const api = await fakePusherApi();
    const logger = recordingLogger();
    const realtime = externalRealtime(api.port, logger);
    await cleanups.splice(0, 1)[0]?.();

    await expect(realtime.broadcaster.publish('booking.X', UPDATE_BOOKING_EVENT, {})).resolves.toBeUndefined();

    expect(logger.entries).toEqual([expect.objectContaining({ level: 'error' })]);
  });

  test('attach() adds no upgrade listener: the WebSocket server is not served', async () => {
    const api = await fakePusherApi();
    const realtime = externalRealtime(api.port);
    const server = createServer();

    realtime.attach(server);

    expect(server.listenerCount('upgrade')).toBe(0);
  });

  test('authorize() signs with the external secret and clientConfig() points at the external host', async () => {
    const api = await fakePusherApi();
    const realtime = externalRealtime(api.port);

    const signature = createHmac('sha256', external.secret).update('1.2:private-x').digest('hex');
    expect(realtime.authorize('1.2', 'private-x')).toEqual({ auth: `${external.key}:${signature}` });
    expect(realtime.clientConfig()).toEqual({
      key: external.key,
      cluster: external.cluster,
      wsHost: '127.0.0.1',
      wsPort: api.port,
      wssPort: api.port,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
    });
  });

  test('without a host, clientConfig() leaves pusher-js to derive the cluster host and forces TLS', () => {
    const realtime = createRealtime({ appId: 'a', key: 'k', secret: 's', cluster: 'local', external });
    cleanups.push(() => realtime.close());

    expect(realtime.clientConfig()).toEqual({ key: 'ext-key', cluster: 'eu', forceTLS: true, enabledTransports: ['ws', 'wss'] });
  });
});
