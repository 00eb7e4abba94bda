/** The sections of bench/results/realtime.md: one process, then two behind nginx. */
import { latencyCells, OPENING_AT_ONCE } from './realtime-clients.ts';
import type { NginxWorker } from './realtime-cluster.ts';
import type { ServerMemory } from './realtime-process.ts';

/** What one setting measured. */
export interface RealtimeRun {
  sockets: number;
  perChannel: number;
  rounds: number;
  channels: number;
  perBooking: number[];
  everyone: number[];
  /** How long handing each booking burst's events over took. */
  burstSendMs: number[];
  openSeconds: number;
  loadAtStart: string;
  loadAtEnd: string;
  /** Each server process's memory before the sockets and with them. */
  servers: { name: string; before: ServerMemory; after: ServerMemory }[];
}

const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
const perSocket = (bytes: number, sockets: number) => (sockets > 0 ? `${(bytes / sockets / 1024).toFixed(1)} KiB` : '-');

function latencyTable(run: RealtimeRun): string[] {
  const send = [...run.burstSendMs].sort((a, b) => a - b);
  return [
    `Handing the ${run.channels} events of one booking burst to the broadcaster, one after the other (the bench server awaits`,
    `each publish, through Redis its reply): ${send[Math.floor(send.length / 2)]?.toFixed(0)} ms (median of ${send.length} bursts; max ${send.at(-1)?.toFixed(0)} ms).`,
    '',
    '| what | p50 | p99 | max | deliveries |',
    '|---|---|---|---|---|',
    `| ${run.rounds} bursts of one event on each of ${run.channels} booking channels (${run.perChannel} listeners each) | ${latencyCells(run.perBooking)} |`,
    `| ${run.rounds} events on the channel all ${run.sockets} sockets share, each once the previous one has arrived everywhere | ${latencyCells(run.everyone)} |`,
  ];
}

function memoryTable(run: RealtimeRun): string[] {
  const rows = run.servers.flatMap(({ name, before, after }) => {
    const sockets = after.sockets - before.sockets;
    const prefix = run.servers.length > 1 ? `${name}, ${sockets} sockets: ` : '';
    return [
      ['resident (RSS)', before.rss, after.rss],
      ['JavaScript heap', before.heapUsed, after.heapUsed],
      ['external (buffers)', before.external, after.external],
    ].map(([what, was, is]) => `| ${prefix}${what} | ${mb(Number(was))} MiB | ${mb(Number(is))} MiB | ${perSocket(Number(is) - Number(was), sockets)} |`);
  });
  return ['| server memory (after a full GC) | before | with the sockets | per socket |', '|---|---|---|---|', ...rows];
}

const loadLine = (run: RealtimeRun) => `Load average at the start: ${run.loadAtStart}; at the end: ${run.loadAtEnd}.`;

/** The one-process section. */
export function singleSection(run: RealtimeRun): string[] {
  return [
    '## One process',
    '',
    `${run.sockets} WebSocket clients of the Pusher protocol (the \`ws\` package, one process) on one embedded live-channel server`,
    '(`createRealtime`, the code `npm start` attaches to its HTTP server, alone in its own process), over the loopback.',
    `Each socket is subscribed to a booking channel (${run.perChannel} sockets per channel) and to one channel every socket shares.`,
    'Latency: from the server handing an event to its broadcaster (the time stamped in the event; in a burst, events wait',
    'for those handed over before them) to its arrival in a client, for every socket that receives it; both processes read',
    'one clock. The clients share the machine, so their own event loop (one process reading every socket) is part of the',
    'time: on a busy machine the numbers are an upper bound.',
    '',
    loadLine(run),
    '',
    ...latencyTable(run),
    '',
    `Opening and subscribing ${run.sockets} sockets (${OPENING_AT_ONCE} at a time): ${run.openSeconds.toFixed(1)} s.`,
    '',
    ...memoryTable(run),
    '',
  ];
}

/** The two-processes-behind-nginx section. */
export function clusterSection(run: RealtimeRun, nginxWorkers: NginxWorker[]): string[] {
  return [
    '## Two processes behind nginx',
    '',
    `The same ${run.sockets} clients, through Debian's nginx (the reference deployment's \`deploy/nginx.conf.template\`, rendered`,
    `as \`npm run start:cluster\` renders it; ${nginxWorkers.length} workers) to two live-channel servers, A and B: each the embedded server`,
    'with the Redis fan-out on REDIS_URL (`createRealtime` with `redisUrl`, trusting the loopback proxy, as each API process',
    'of the cluster runs it), alone in its own process. nginx spreads the sockets over A and B round robin. Every event is',
    'published through A: it goes to Redis and back to both processes (A hears its own events through Redis too), each',
    'sending it to its own sockets, so the latency adds Redis and nginx to the time above. The bench fails unless every',
    'socket receives every event once.',
    '',
    loadLine(run),
    '',
    ...latencyTable(run),
    '',
    `Opening and subscribing ${run.sockets} sockets through nginx (${OPENING_AT_ONCE} at a time): ${run.openSeconds.toFixed(1)} s.`,
    '',
    ...memoryTable(run),
    '',
    // A live socket holds two of a worker's files (the client's connection and the one to its process).
    `nginx's workers with the sockets open: ${nginxWorkers.map((worker) => `${worker.openFiles} open files (at most ${worker.maxOpenFiles})`).join(', ')}.`,
    '',
  ];
}
