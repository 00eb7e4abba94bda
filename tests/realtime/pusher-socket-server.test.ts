import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, test, expect } from 'vitest';
import { WebSocket } from 'ws';
import { signChannel } from '../../src/server/realtime/channel-auth.ts';
import { createLocalBus, type EventBus } from '../../src/server/realtime/event-bus.ts';
import { createPusherSocketServer, type PusherSocketServer, type PusherSocketServerOptions } from '../../src/server/realtime/pusher-socket-server.ts';
import { silentRealtimeLogger } from '../../src/server/realtime/realtime-logger.ts';
import { eventually, TEST_APP } from './support.ts';

type Frame = { event: string; channel?: string; data?: unknown };

/** A raw WebSocket client that records every frame it receives. */
type RawClient = {
  ws: WebSocket;
  frames: Frame[];
  closeCode: Promise<number>;
  send(frame: unknown): void;
  next(event: string, timeoutMs?: number): Promise<Frame>;
};

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(
  options: Partial<PusherSocketServerOptions> = {},
): Promise<{ socketServer: PusherSocketServer; bus: EventBus; port: number; server: Server }> {
  const bus = createLocalBus(silentRealtimeLogger);
  const socketServer = createPusherSocketServer({
    appKey: TEST_APP.key,
    appSecret: TEST_APP.secret,
    bus,
    logger: silentRealtimeLogger,
    ...options,
  });
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => {
    if (!socketServer.handleUpgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await socketServer.close();
    await bus.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { socketServer, bus, port: (server.address() as AddressInfo).port, server };
}

function decode(raw: string): Frame {
  const frame = JSON.parse(raw) as Frame;
  if (typeof frame.data === 'string') {
    try {
      frame.data = JSON.parse(frame.data);
    } catch {
      // Plain string payloads stay strings.
    }
  }
  return frame;
}

function rawClient(port: number, path = `/app/${TEST_APP.key}?protocol=7&client=js&version=8.6.0`): RawClient {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const frames: Frame[] = [];
  let cursor = 0;
  ws.on('message', (data) => frames.push(decode(data.toString())));
  ws.on('error', () => {});
  const closeCode = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  cleanups.push(() => ws.terminate());
  return {
    ws,
    frames,
    closeCode,
    send(frame) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    // Consumes frames in order: each call returns the first matching frame after the previous match.
    async next(event, timeoutMs = 3000) {
      const find = () => frames.findIndex((frame, index) => index >= cursor && frame.event === event);
      await eventually(() => find() >= 0, timeoutMs);
      const index = find();
      cursor = index + 1;
      return frames[index] as Frame;
    },
  };
}

async function established(client: RawClient): Promise<string> {
  await eventually(() => client.frames.some((frame) => frame.event === 'pusher:connection_established'));
  const frame = client.frames.find((f) => f.event === 'pusher:connection_established') as Frame;
  return (frame.data as { socket_id: string }).socket_id;
}

describe('pusher socket server protocol', () => {
  test('the handshake announces a socket id and the activity timeout as a JSON string', async () => {
    const { port } = await startServer({ activityTimeoutSeconds: 90 });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${TEST_APP.key}?protocol=7`);
    cleanups.push(() => ws.terminate());
    const first = await new Promise<string>((resolve) => ws.once('message', (data) => resolve(data.toString())));

    const frame = JSON.parse(first) as { event: string; data: string };
    expect(frame.event).toBe('pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    expect(JSON.parse(frame.data)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 90 });
  });

  test.each([
    ['an unknown app key', `/app/wrong?protocol=7`, 4001],
    ['an unsupported protocol version', `/app/${TEST_APP.key}?protocol=4`, 4007],
    ['no protocol version', `/app/${TEST_APP.key}`, 4007],
    ['a long non-ASCII app key', `/app/${'%E2%9C%93'.repeat(80)}?protocol=7`, 4001],
  ])('%s gets pusher:error and a close with the same code', async (_label, path, code) => {
    const { port, socketServer } = await startServer();
    const client = rawClient(port, path);

    expect(await client.closeCode).toBe(code);
    expect(client.frames).toEqual([{ event: 'pusher:error', data: { code, message: expect.any(String) } }]);
    expect(socketServer.connectionCount()).toBe(0);
  });

  test('connections beyond maxConnections are refused with 4100 (over capacity)', async () => {
    const { port, socketServer } = await startServer({ maxConnections: 1 });
    await established(rawClient(port));
    const extra = rawClient(port);

    expect(await extra.closeCode).toBe(4100);
    expect(socketServer.connectionCount()).toBe(1);
  });

  test('connectionCount follows connects and disconnects', async () => {
    const { port, socketServer } = await startServer();
    const a = rawClient(port);
    const b = rawClient(port);
    await established(a);
    await established(b);
    expect(socketServer.connectionCount()).toBe(2);

    a.ws.close();
    await eventually(() => socketServer.connectionCount() === 1);
  });

  test('pusher:ping is answered with pusher:pong', async () => {
    const { port } = await startServer();
    const client = rawClient(port);
    await established(client);

    client.send({ event: 'pusher:ping', data: {} });

    expect(await client.next('pusher:pong')).toEqual({ event: 'pusher:pong', data: {} });
  });

  test.each([
    ['invalid JSON', 'this is not json', 4200],
    ['JSON without an event', JSON.stringify({ data: {} }), 4200],
    ['a frame over 10 kB', JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(11 * 1024) }), 4200],
    ['a client event', JSON.stringify({ event: 'client-typing', channel: 'private-x', data: {} }), 4301],
    ['an unknown pusher event', JSON.stringify({ event: 'pusher:signin', data: {} }), 4200],
  ])('%s gets pusher:error and the connection keeps working', async (_label, frame, code) => {
    const { port, bus } = await startServer();
    const client = rawClient(port);
    await established(client);

    client.send(frame);
    const error = await client.next('pusher:error');
    client.send({ event: 'pusher:subscribe', data: { channel: 'after-error' } });
    await client.next('pusher_internal:subscription_succeeded');
    await bus.publish({ channel: 'after-error', event: 'Still', data: { alive: true } });

    expect(error.data).toMatchObject({ code });
    expect(await client.next('Still')).toMatchObject({ channel: 'after-error', data: { alive: true } });
  });

  test('binary frames are refused with pusher:error', async () => {
    const { port } = await startServer();
    const client = rawClient(port);
    await established(client);

    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });

    expect((await client.next('pusher:error')).data).toMatchObject({ code: 4200 });
  });

  test('frames beyond the hard cap close the socket instead of being buffered', async () => {
    const { port } = await startServer();
    const client = rawClient(port);
    await established(client);

    client.send('x'.repeat(100 * 1024));

    expect(await client.closeCode).toBe(1009);
  });

  test('subscribe accepts data sent as a JSON string and answers with data "{}"', async () => {
    const { port } = await startServer();
    const client = rawClient(port);
    await established(client);
    const raw: string[] = [];
    client.ws.on('message', (data) => raw.push(data.toString()));

    client.send({ event: 'pusher:subscribe', data: JSON.stringify({ channel: 'booking.abc' }) });
    await client.next('pusher_internal:subscription_succeeded');

    expect(raw).toContain('{"event":"pusher_internal:subscription_succeeded","channel":"booking.abc","data":"{}"}');
  });

  test.each([
    ['an invalid channel name', { channel: 'bad channel' }, 'InvalidChannel', 400],
    ['a presence channel', { channel: 'presence-room', auth: 'k:s', channel_data: '{"user_id":"1"}' }, 'UnsupportedChannel', 403],
    ['an encrypted channel', { channel: 'private-encrypted-x', auth: 'k:s' }, 'UnsupportedChannel', 403],
    ['a private channel without auth', { channel: 'private-x' }, 'AuthError', 401],
  ])('subscribing to %s yields pusher:subscription_error on that channel', async (_label, data, type, status) => {
    const { port } = await startServer();
    const client = rawClient(port);
    await established(client);

    client.send({ event: 'pusher:subscribe', data });
    const error = await client.next('pusher:subscription_error');

    expect(error).toEqual({ event: 'pusher:subscription_error', channel: data.channel, data: { type, error: expect.any(String), status } });
  });

  test('a private channel accepts the signature of this very socket', async () => {
    const { port } = await startServer();
    const client = rawClient(port);
    const socketId = await established(client);

    client.send({ event: 'pusher:subscribe', data: { channel: 'private-x', ...signChannel(TEST_APP, socketId, 'private-x') } });

    expect(await client.next('pusher_internal:subscription_succeeded')).toMatchObject({ channel: 'private-x' });
  });

  test('bus messages fan out to every subscriber of the channel and nobody else', async () => {
    const { port, bus } = await startServer();
    const subscribers = [rawClient(port), rawClient(port), rawClient(port)];
    const other = rawClient(port);
    for (const [index, client] of [...subscribers, other].entries()) {
      await established(client);
      client.send({ event: 'pusher:subscribe', data: { channel: index < 3 ? 'booking.shared' : 'booking.other' } });
      await client.next('pusher_internal:subscription_succeeded');
    }

    await bus.publish({ channel: 'booking.shared', event: 'UpdateBooking', data: { status: 20 } });
    await eventually(() => subscribers.every((client) => client.frames.some((frame) => frame.event === 'UpdateBooking')));
    // A probe on each channel reaches each client after anything sent to it before (one socket keeps the order).
    await bus.publish({ channel: 'booking.shared', event: 'Probe', data: {} });
    await bus.publish({ channel: 'booking.other', event: 'Probe', data: {} });
    await eventually(() => [...subscribers, other].every((client) => client.frames.some((frame) => frame.event === 'Probe')));
    for (const client of subscribers) {
      expect(client.frames.filter((frame) => frame.event === 'UpdateBooking')).toEqual([
        { event: 'UpdateBooking', channel: 'booking.shared', data: { status: 20 } },
      ]);
    }
    expect(other.frames.some((frame) => frame.event === 'UpdateBooking')).toBe(false);
  });

  test('an idle client gets a server pusher:ping and stays when it answers', async () => {
    const { port, socketServer } = await startServer({ activityTimeoutSeconds: 0.3, pongTimeoutSeconds: 0.3 });
    const client = rawClient(port);
    await established(client);
    client.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).event === 'pusher:ping') client.send({ event: 'pusher:pong', data: {} });
    });

    await client.next('pusher:ping', 2000);
    // Idle until the server pings a second time: the first pong kept the connection.
    await eventually(() => client.frames.filter((frame) => frame.event === 'pusher:ping').length >= 2, 2_000);

    expect(client.frames.filter((frame) => frame.event === 'pusher:ping').length).toBeGreaterThanOrEqual(2);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    expect(socketServer.connectionCount()).toBe(1);
  });

  test('a client that never answers the server ping is closed with 4201', async () => {
    const { port, socketServer } = await startServer({ activityTimeoutSeconds: 0.3, pongTimeoutSeconds: 0.3 });
    const client = rawClient(port);
    await established(client);

    await client.next('pusher:ping', 2000);

    expect(await client.closeCode).toBe(4201);
    expect(socketServer.connectionCount()).toBe(0);
  });

  test('handleUpgrade leaves paths other than /app/:key untouched', async () => {
    const { port } = await startServer();
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/socket.io/',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' },
      });
      req.on('response', (res) => resolve(res.statusCode));
      req.on('upgrade', () => reject(new Error('unexpected upgrade')));
      req.on('error', reject);
      req.end();
    });

    // 404 comes from the test server's fallback, proving the socket server returned false.
    expect(status).toBe(404);
  });

  test('close() closes open sockets with 1001 and refuses later upgrades', async () => {
    const { port, socketServer } = await startServer();
    const client = rawClient(port);
    await established(client);

    await socketServer.close();

    expect(await client.closeCode).toBe(1001);
    const late = rawClient(port);
    expect(await late.closeCode).not.toBe(1000);
    expect(late.frames).toEqual([]);
  });
});
