/**
 * The client side of `npm run bench:realtime`: Pusher-protocol sockets (the `ws` package, all in this process), each
 * subscribed to its booking channel and to one channel they all share, that time every event from its send time to
 * its arrival; and the bursts that publish events and wait until every expected delivery has arrived.
 */
import WebSocket from 'ws';
import { BENCH_APP, wallMs } from './realtime-server.ts';

/** The channel every bench socket is subscribed to. */
export const SHARED = 'booking.bench-everyone';
/** Sockets opened at once: more would only queue in the kernel's accept backlog. */
export const OPENING_AT_ONCE = 200;
/** How long one burst's deliveries may take before the bench calls them lost and fails. */
const BURST_TIMEOUT_MS = 120_000;

/** The booking channel of the socket numbered `index`, shared by `perChannel` sockets. */
export const bookingChannel = (index: number, perChannel: number) => `booking.bench-${Math.floor(index / perChannel)}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** p50, p99, max and count of latencies, as the report's table cells. */
export function latencyCells(list: number[]): string {
  const sorted = [...list].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} ms | ${percentile(sorted, 99).toFixed(1)} ms | ${(sorted.at(-1) ?? NaN).toFixed(1)} ms | ${sorted.length}`;
}

/** A set of subscribed sockets and the latencies of what they received, by channel. */
export interface BenchClients {
  /**
   * Publishes with `send` and waits until `deliveries` events on `channels` have arrived; throws when some never do.
   * Resolves to the milliseconds `send` took to hand every event over.
   */
  burst(channels: string[], deliveries: number, send: () => Promise<void>): Promise<number>;
  /** The latencies of every event received on a booking channel, then on the shared channel. */
  latencies(): { perBooking: number[]; everyone: number[] };
  /** Seconds it took to open and subscribe every socket. */
  openSeconds: number;
  close(): void;
}

/** Opens `count` sockets on `url` (ws://host:port), OPENING_AT_ONCE at a time, each subscribed to its booking channel and SHARED. */
export async function openClients(url: string, count: number, perChannel: number): Promise<BenchClients> {
  const received = new Map<string, number[]>();
  let expecting: { channels: Set<string>; left: number; done: () => void; fail: (error: Error) => void } | undefined;

  const open = (index: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`${url}/app/${BENCH_APP.key}?protocol=7&client=bench&version=1`);
      let subscribed = 0;
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: string };
        if (message.event === 'pusher:connection_established') {
          for (const channel of [bookingChannel(index, perChannel), SHARED]) socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
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
      socket.on('unexpected-response', (_request, response) => reject(new Error(`socket ${index}: HTTP ${response.statusCode} instead of a WebSocket`)));
    });

  const sockets: WebSocket[] = [];
  const started = wallMs();
  for (let start = 0; start < count; start += OPENING_AT_ONCE) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, count - start) }, (_, offset) => open(start + offset)))));
  }
  const openSeconds = (wallMs() - started) / 1000;
  // A socket that closes before the end would silently receive nothing: the burst fails at once instead.
  let closing = false;
  let closed = 0;
  for (const socket of sockets) {
    socket.once('close', (code) => {
      if (closing) return;
      closed++;
      expecting?.fail(new Error(`a socket closed during the bench (code ${code})`));
    });
  }

  return {
    openSeconds,
    async burst(channels, deliveries, send) {
      if (closed > 0) throw new Error(`${closed} sockets closed during the bench`);
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((done, fail) => {
        expecting = { channels: new Set(channels), left: deliveries, done, fail };
        const state = expecting;
        timer = setTimeout(
          () => fail(new Error(`${state.left} of ${deliveries} deliveries never arrived within ${BURST_TIMEOUT_MS / 1000} s`)),
          BURST_TIMEOUT_MS,
        );
      });
      // Observed here too: when `send` throws, a later failure of `arrived` has nobody awaiting it.
      arrived.catch(() => {});
      try {
        const sending = wallMs();
        await send();
        const sendMs = wallMs() - sending;
        await arrived;
        return sendMs;
      } finally {
        clearTimeout(timer);
        expecting = undefined;
      }
    },
    latencies() {
      const perBooking = [...received.entries()].filter(([channel]) => channel !== SHARED).flatMap(([, list]) => list);
      return { perBooking, everyone: received.get(SHARED) ?? [] };
    },
    close() {
      closing = true;
      for (const socket of sockets) socket.terminate();
    },
  };
}

/** Runs the bench's two measurements on open clients: `rounds` bursts on every booking channel, then `rounds` events on SHARED. */
export async function measureBursts(
  clients: BenchClients,
  options: { sockets: number; perChannel: number; rounds: number },
  publish: (channels: string[]) => Promise<void>,
): Promise<{ perBooking: number[]; everyone: number[]; channels: number; burstSendMs: number[] }> {
  const channels = Math.ceil(options.sockets / options.perChannel);
  const bookingChannels = Array.from({ length: channels }, (_, channel) => `booking.bench-${channel}`);
  const burstSendMs: number[] = [];
  for (let round = 0; round < options.rounds; round++) burstSendMs.push(await clients.burst(bookingChannels, options.sockets, () => publish(bookingChannels)));
  for (let round = 0; round < options.rounds; round++) await clients.burst([SHARED], options.sockets, () => publish([SHARED]));
  const { perBooking, everyone } = clients.latencies();
  // Every socket hears each event once: more is a duplicate, fewer a loss.
  const expected = options.rounds * options.sockets;
  if (perBooking.length !== expected || everyone.length !== expected) {
    throw new Error(`deliveries: ${perBooking.length} on booking channels and ${everyone.length} on the shared one, ${expected} expected of each`);
  }
  return { perBooking, everyone, channels, burstSendMs };
}
