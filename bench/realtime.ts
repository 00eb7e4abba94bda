/**
 * `npm run bench:realtime`: BENCH_SOCKETS (default 10,000; at most 50,000) WebSocket clients of the Pusher protocol
 * connect to one embedded live-channel server (bench/realtime-server.ts, its own process) on 127.0.0.1, each subscribed
 * to its booking channel (BENCH_PER_CHANNEL sockets per channel, default 2: a diner's phone and laptop) and to one
 * channel they all share (a worst case: every socket hears each event). It then publishes events and measures, for
 * every socket, the time from the publish to the event's arrival (p50, p99, max), and the server's memory per socket.
 * Loopback only; it stops by itself (BENCH_TIMEOUT_S, default 600 s). Writes bench/results/realtime.md.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { loadAverage, machineLines } from './machine.ts';
import { BENCH_APP, wallMs } from './realtime-server.ts';

const SOCKETS = Math.min(Number(process.env.BENCH_SOCKETS ?? 10_000), 50_000);
const PER_CHANNEL = Math.max(1, Number(process.env.BENCH_PER_CHANNEL ?? 2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 600);
const OPENING_AT_ONCE = 200;
const SHARED = 'booking.bench-everyone';
const RESULTS = fileURLToPath(new URL('results/realtime.md', import.meta.url));

const channelOf = (index: number) => `booking.bench-${Math.floor(index / PER_CHANNEL)}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

const server = spawn(process.execPath, ['--expose-gc', fileURLToPath(new URL('realtime-server.ts', import.meta.url))], {
  env: { ...process.env, BENCH_SOCKETS: String(SOCKETS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const killer = setTimeout(() => {
  console.error(`bench:realtime: still running after ${TIMEOUT_S} s, stopping`);
  server.kill('SIGKILL');
  process.exit(1);
}, TIMEOUT_S * 1000);
const port = await new Promise<number>((resolve) => {
  createInterface({ input: server.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
});
const base = `http://127.0.0.1:${port}`;
const memory = async () => (await (await fetch(`${base}/memory`)).json()) as Memory;

/** Each socket's latencies of the events it received, by the channel they came on. */
const received = new Map<string, number[]>();
let expecting: { channels: Set<string>; left: number; done: () => void } | undefined;

function open(index: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${BENCH_APP.key}?protocol=7&client=bench&version=1`);
    let subscribed = 0;
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: string };
      if (message.event === 'pusher:connection_established') {
        for (const channel of [channelOf(index), SHARED]) socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
      } else if (message.event === 'pusher_internal:subscription_succeeded') {
        if (++subscribed === 2) resolve(socket);
      } else if (message.event === 'UpdateBooking' && message.channel) {
        const data = JSON.parse(message.data ?? '{}') as { sentAt: number };
        const list = received.get(message.channel) ?? [];
        list.push(wallMs() - data.sentAt);
        received.set(message.channel, list);
        if (expecting?.channels.has(message.channel) && --expecting.left === 0) expecting.done();
      } else if (message.event === 'pusher:error') reject(new Error(`socket ${index}: ${message.data}`));
    });
    socket.on('error', reject);
  });
}

/** Publishes `count` events on each of `channels` (one burst) and waits until `deliveries` have arrived. */
async function publish(channels: string[], count: number, deliveries: number): Promise<void> {
  const arrived = new Promise<void>((done) => (expecting = { channels: new Set(channels), left: deliveries, done }));
  await fetch(`${base}/publish`, { method: 'POST', body: JSON.stringify({ channels, count }) });
  await arrived;
  expecting = undefined;
}

const before = await memory();
const opened: WebSocket[] = [];
const openStarted = wallMs();
for (let start = 0; start < SOCKETS; start += OPENING_AT_ONCE) {
  const batch = Array.from({ length: Math.min(OPENING_AT_ONCE, SOCKETS - start) }, (_, offset) => open(start + offset));
  opened.push(...(await Promise.all(batch)));
}
const openSeconds = (wallMs() - openStarted) / 1000;
const after = await memory();

// A burst: an event on every booking channel (PER_CHANNEL sockets each) per round, then on the channel every socket hears.
const channels = Math.ceil(SOCKETS / PER_CHANNEL);
const bookingChannels = Array.from({ length: channels }, (_, channel) => `booking.bench-${channel}`);
for (let round = 0; round < ROUNDS; round++) await publish(bookingChannels, 1, SOCKETS);
const perBooking = [...received.entries()].filter(([channel]) => channel !== SHARED).flatMap(([, list]) => list);
for (let round = 0; round < ROUNDS; round++) await publish([SHARED], 1, SOCKETS);
const everyone = received.get(SHARED) ?? [];

for (const socket of opened) socket.terminate();
server.kill('SIGTERM');
clearTimeout(killer);

const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} ms | ${percentile(sorted, 99).toFixed(1)} ms | ${(sorted.at(-1) ?? NaN).toFixed(1)} ms | ${sorted.length}`;
};
const report = [
  '# Live channel at scale (`npm run bench:realtime`)',
  '',
  `${SOCKETS} WebSocket clients of the Pusher protocol (the \`ws\` package, one process) on one embedded live-channel server`,
  '(`createRealtime`, the code `npm start` attaches to its HTTP server, alone in its own process), over the loopback.',
  `Each socket is subscribed to a booking channel (${PER_CHANNEL} sockets per channel) and to one channel every socket shares.`,
  'Latency: from the server handing an event to its broadcaster (the time stamped in the event; in a burst, events wait',
  'for those handed over before them) to its arrival in a client, for every socket that receives it; both processes read',
  'one clock. The clients share the machine, so their own event loop (one process reading every socket) is part of the',
  'time: on a busy machine the numbers are an upper bound.',
  '',
  `Machine: ${machineLines().join('; ')}. Load average at the end: ${loadAverage()}.`,
  '',
  '| what | p50 | p99 | max | deliveries |',
  '|---|---|---|---|---|',
  `| ${ROUNDS} bursts of one event on each of ${channels} booking channels (${PER_CHANNEL} listeners each) | ${stats(perBooking)} |`,
  `| ${ROUNDS} events on the channel all ${SOCKETS} sockets share, each once the previous one has arrived everywhere | ${stats(everyone)} |`,
  '',
  `Opening and subscribing ${SOCKETS} sockets (${OPENING_AT_ONCE} at a time): ${openSeconds.toFixed(1)} s.`,
  '',
  '| server memory (after a full GC) | before | with the sockets | per socket |',
  '|---|---|---|---|',
  `| resident (RSS) | ${mb(before.rss)} MiB | ${mb(after.rss)} MiB | ${((after.rss - before.rss) / SOCKETS / 1024).toFixed(1)} KiB |`,
  `| JavaScript heap | ${mb(before.heapUsed)} MiB | ${mb(after.heapUsed)} MiB | ${((after.heapUsed - before.heapUsed) / SOCKETS / 1024).toFixed(1)} KiB |`,
  `| external (buffers) | ${mb(before.external)} MiB | ${mb(after.external)} MiB | ${((after.external - before.external) / SOCKETS / 1024).toFixed(1)} KiB |`,
  '',
];
await writeFile(RESULTS, `${report.join('\n')}`);
console.log(report.join('\n'));
process.exit(0);
