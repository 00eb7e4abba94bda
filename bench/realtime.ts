/**
 * `npm run bench:realtime`: BENCH_SOCKETS (default 10,000; at most 50,000) WebSocket clients of the Pusher protocol,
 * each subscribed to its booking channel (BENCH_PER_CHANNEL sockets per channel, default 2: a diner's phone and laptop)
 * and to one channel they all share (a worst case: every socket hears each event), first on one embedded live-channel
 * server (bench/realtime-server.ts, its own process), then on two such servers sharing events through Redis (REDIS_URL,
 * default redis://127.0.0.1:6379) behind nginx (bench/realtime-cluster.ts). It publishes events and measures, for every
 * socket, the time from the publish to the event's arrival (p50, p99, max), and each server's memory per socket; it
 * fails when an expected delivery never arrives. BENCH_REALTIME_MODE=single or cluster runs one setting only (and only
 * prints it). Loopback only; it stops by itself (BENCH_TIMEOUT_S, default 900 s). Writes bench/results/realtime.md.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startBenchCluster, type BenchCluster, type NginxWorker } from './realtime-cluster.ts';
import { measureBursts, openClients, type BenchClients } from './realtime-clients.ts';
import { startBenchServer, type BenchServer } from './realtime-process.ts';
import { clusterSection, singleSection, type RealtimeRun } from './realtime-report.ts';
import { loadAverage, machineLines } from './machine.ts';

const SOCKETS = Math.min(Number(process.env.BENCH_SOCKETS ?? 10_000), 50_000);
const PER_CHANNEL = Math.max(1, Number(process.env.BENCH_PER_CHANNEL ?? 2));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 900);
const MODE = process.env.BENCH_REALTIME_MODE ?? 'both';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESULTS = fileURLToPath(new URL('results/realtime.md', import.meta.url));
const options = { sockets: SOCKETS, perChannel: PER_CHANNEL, rounds: ROUNDS };

if (!['both', 'single', 'cluster'].includes(MODE)) throw new Error(`BENCH_REALTIME_MODE must be single, cluster or both, not ${MODE}`);

/** What is running now, stopped on any failure so no server or nginx outlives the bench. */
let running: { clients?: BenchClients; stop?: () => Promise<void> } = {};
async function stopRunning(): Promise<void> {
  running.clients?.close();
  await running.stop?.();
  running = {};
}

const killer = setTimeout(() => {
  console.error(`bench:realtime: still running after ${TIMEOUT_S} s, stopping`);
  void stopRunning().finally(() => process.exit(1));
}, TIMEOUT_S * 1000);

async function runSingle(): Promise<RealtimeRun> {
  const loadAtStart = loadAverage();
  const server: BenchServer = await startBenchServer(SOCKETS);
  running = { stop: () => server.stop() };
  const before = await server.memory();
  const clients = await openClients(`ws://127.0.0.1:${server.port}`, SOCKETS, PER_CHANNEL);
  running.clients = clients;
  const after = await server.memory();
  const measured = await measureBursts(clients, options, (channels) => server.publish(channels));
  await stopRunning();
  return { ...options, ...measured, openSeconds: clients.openSeconds, loadAtStart, loadAtEnd: loadAverage(), servers: [{ name: 'the server', before, after }] };
}

async function runCluster(): Promise<{ run: RealtimeRun; nginxWorkers: NginxWorker[] }> {
  const loadAtStart = loadAverage();
  const cluster: BenchCluster = await startBenchCluster(SOCKETS, REDIS_URL);
  running = { stop: () => cluster.stop() };
  const [a, b] = cluster.servers;
  const before = await Promise.all([a.memory(), b.memory()]);
  const clients = await openClients(cluster.url, SOCKETS, PER_CHANNEL);
  running.clients = clients;
  const after = await Promise.all([a.memory(), b.memory()]);
  const nginxWorkers = cluster.nginxWorkers();
  const measured = await measureBursts(clients, options, (channels) => a.publish(channels));
  await stopRunning();
  const servers = [
    { name: 'A (publishes)', before: before[0], after: after[0] },
    { name: 'B', before: before[1], after: after[1] },
  ];
  const run = { ...options, ...measured, openSeconds: clients.openSeconds, loadAtStart, loadAtEnd: loadAverage(), servers };
  return { run, nginxWorkers };
}

try {
  const sections: string[] = [];
  if (MODE !== 'cluster') sections.push(...singleSection(await runSingle()));
  if (MODE !== 'single') {
    const { run, nginxWorkers } = await runCluster();
    sections.push(...clusterSection(run, nginxWorkers));
  }
  clearTimeout(killer);
  const report = ['# Live channel at scale (`npm run bench:realtime`)', '', `Machine: ${machineLines().join('; ')}.`, '', ...sections].join('\n');
  console.log(report);
  if (MODE === 'both') await writeFile(RESULTS, report);
  process.exit(0);
} catch (error) {
  console.error(`bench:realtime FAILED: ${(error as Error).message}`);
  await stopRunning();
  process.exit(1);
}
