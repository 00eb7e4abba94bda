/**
 * The server side of `npm run bench:realtime`, in a process of its own so its memory is only the live channel's: the
 * embedded Pusher-protocol server (the one `npm start` attaches) on 127.0.0.1, and two bench-only HTTP calls: GET
 * /memory (after a full garbage collection, with the number of sockets opened on this process) and POST /publish
 * {channels, count} (each channel `count` times, every event stamped with its send time). With BENCH_REDIS_URL it
 * shares events through Redis on BENCH_REDIS_TOPIC and trusts the loopback proxy, as each API process of
 * `npm run start:cluster` does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createRealtime } from '../src/server/realtime/realtime.ts';

/** The app every bench socket connects to. */
export const BENCH_APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret-0123456789abcdef', cluster: 'local' };

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes of one machine. */
export const wallMs = () => performance.timeOrigin + performance.now();

if (import.meta.main) {
  const sockets = Number(process.env.BENCH_SOCKETS);
  const redisUrl = process.env.BENCH_REDIS_URL;
  const realtime = createRealtime({
    ...BENCH_APP,
    ...(redisUrl ? { redisUrl, redisTopic: process.env.BENCH_REDIS_TOPIC, trustProxy: 'loopback' } : {}),
    maxConnections: sockets + 100,
    maxConnectionsPerAddress: sockets + 100,
    logger: { warn: (obj, msg) => console.error('warn', msg, obj), error: (obj, msg) => console.error('error', msg, obj) },
  });
  let opened = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/memory') {
      globalThis.gc?.();
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ ...process.memoryUsage(), sockets: opened }));
    }
    if (url.pathname === '/publish' && request.method === 'POST') {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const { channels, count } = JSON.parse(body) as { channels: string[]; count: number };
        void (async () => {
          for (let seq = 0; seq < count; seq++) {
            for (const channel of channels) await realtime.broadcaster.publish(channel, 'UpdateBooking', { seq, sentAt: wallMs() });
          }
          response.end('{}');
        })();
      });
      return;
    }
    response.writeHead(404).end();
  });
  realtime.attach(server);
  // Every upgrade here is a bench socket, and none closes before the bench ends.
  server.on('upgrade', () => opened++);
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
  process.on('SIGTERM', () => process.exit(0));
}
