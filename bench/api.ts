/**
 * `npm run bench:api`: loads the real server (a child process on a temporary data folder) over
 * loopback with autocannon, on embedded PGlite and, when reachable, on PostgreSQL; writes
 * bench/results/api.md. BENCH_SECONDS and BENCH_CONNECTIONS change the load (default 10 s, 50).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/database.ts';
import { seedDiners } from '../tests/support/seed-diners.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { comingDates, slotCandidates } from '../tests/support/slot-candidates.ts';
import { createPostgresDatabase } from '../tests/support/test-database.ts';
import { renderReport, verdict, type BackendRun, type Measured } from './api-report.ts';
import { createValidateScenario, getScenario, merchantScenario, slotsScenario, type Scenario, type ZoneTarget } from './api-scenarios.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
const DINERS = 8000;
const BOOKING_DAYS = 180;
// BENCH_ONLY=pglite or BENCH_ONLY=postgres measures one backend.
const ONLY = process.env.BENCH_ONLY;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RESULTS = fileURLToPath(new URL('./results/api.md', import.meta.url));

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

async function postgresReachable(url: string): Promise<string | undefined> {
  const client = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    const [row] = await client<Array<{ version: string }>>`select version()`;
    return row?.version;
  } catch {
    return undefined;
  } finally {
    await client.end({ timeout: 1 });
  }
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function load(url: string, serverPid: number, scenario: Scenario, seconds: number): Promise<Measured> {
  const cpuBefore = await cpuMsOf(serverPid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 10, requests: scenario.requests });
  const cpuMs = (await cpuMsOf(serverPid)) - cpuBefore;
  return { name: scenario.name, result, outcome: scenario.outcome?.(), serverCpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.requests.total) };
}

async function post(url: string, target: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}${target}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}

/** Starts a server on `handle`'s database (closed before the server opens it) and measures every scenario. */
async function benchBackend(backend: string, detail: string, handle: DatabaseHandle, env: Record<string, string>, dataDir: string): Promise<BackendRun> {
  log(`\n== ${backend}: seeding ${DINERS} signed-in diners`);
  await handle.migrate();
  const diners = await seedDiners(handle, DINERS, { tag: `bench-${path.basename(dataDir)}` });
  await handle.close();

  const server = await startServerProcess({ ...env, DATA_DIR: dataDir, IMPORT_DEMO: 'auto', LOG_LEVEL: 'warn' });
  try {
    const listing = await fetch(`${server.url}/api/booking/merchants`).then((response) => response.json());
    const slugs: string[] = listing.merchants.map((merchant: { slug: string }) => merchant.slug);
    const targets: ZoneTarget[] = [];
    for (const slug of slugs) {
      const zones = await post(server.url, '/api/booking/booking_zones/get', { merchant_slug: slug, date: comingDates(1)[0] });
      for (const zone of zones.bookingZones as Array<{ id: string }>) targets.push({ slug, zoneId: zone.id });
    }
    log(`   ${slugs.length} merchants, ${targets.length} zones; listing bookable slots over ${BOOKING_DAYS} days`);
    const candidates = await slotCandidates(server.url, { days: BOOKING_DAYS, seats: 2 });
    log(`   ${candidates.length} candidate slots`);

    const dates = comingDates(30);
    const scenarios: Scenario[] = [
      getScenario('GET /api/health/live (bare route)', '/api/health/live'),
      getScenario('GET /api/health/ready (one database ping)', '/api/health/ready'),
      merchantScenario(slugs),
      slotsScenario(targets, dates),
      createValidateScenario(candidates, diners),
      slotsScenario(targets, dates, 'POST /api/booking/booking_slots/get (after the booking run)'),
    ];
    const measured: Measured[] = [];
    for (const scenario of scenarios) {
      const pid = server.child.pid!;
      if (!scenario.outcome) await load(server.url, pid, scenario, WARMUP_SECONDS);
      const run = await load(server.url, pid, scenario, SECONDS);
      log(
        `   ${scenario.name}: ${run.result.requests.average.toFixed(0)} req/s, p50 ${run.result.latency.p50} ms, ` +
          `p99 ${run.result.latency.p99} ms, server CPU ${run.serverCpuUsPerRequest.toFixed(0)} µs/request, non-2xx ${run.result.non2xx}`,
      );
      if (run.outcome) log(`   ${JSON.stringify(run.outcome)}`);
      measured.push(run);
    }
    const result = { backend, detail, measured };
    log(`   ${verdict(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(', ');

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const runs: BackendRun[] = [];
  const skipped: string[] = [];
  const pgliteVersion = JSON.parse(
    await readFile(fileURLToPath(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url)), 'utf8'),
  ).version as string;

  if (ONLY !== 'postgres') {
    const pgliteDir = await mkdtemp(path.join(os.tmpdir(), 'couvert-bench-'));
    try {
      const handle = await openPglite(path.join(pgliteDir, 'pglite'));
      runs.push(await benchBackend('Embedded PGlite', `PGlite ${pgliteVersion} in the server process, data folder on disk.`, handle, {}, pgliteDir));
    } finally {
      await rm(pgliteDir, { recursive: true, force: true });
    }
  }

  const version = ONLY === 'pglite' ? undefined : await postgresReachable(POSTGRES_URL);
  if (ONLY === 'pglite') {
    skipped.push('PostgreSQL was not measured (BENCH_ONLY=pglite).');
  } else if (version) {
    const database = await createPostgresDatabase(POSTGRES_URL);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'couvert-bench-'));
    try {
      const handle = await openPostgres(database.url, { max: 4 });
      runs.push(
        await benchBackend('PostgreSQL', `${version.split(' on ')[0]} on the same machine (a fresh database; pool of 10 connections).`, handle, { DATABASE_URL: database.url }, dataDir),
      );
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  } else {
    skipped.push(`PostgreSQL was not measured: ${POSTGRES_URL} did not answer.`);
  }

  const cpus = os.cpus();
  const report = renderReport(runs, {
    date: new Date().toISOString(),
    machine: [
      `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
      `${os.type()} ${os.release()} (${os.arch()})`,
      `Node ${process.versions.node}`,
      `Load average (1, 5, 15 min) at the start: ${loadAtStart}; at the end: ${loadAverage()} — anything above the bench's own share means other processes competed for the cores`,
    ],
    settings: [
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per scenario (after ${WARMUP_SECONDS} s of warm-up for the read scenarios), loopback`,
      'The server runs as a child process (`node src/server/main.ts`, LOG_LEVEL=warn, demo merchants); autocannon runs in the bench process, on the same cores',
      '"server µs CPU/req" is the server process\'s own CPU time (user + system, from /proc) per answered request: unlike req/s it hardly depends on what else runs on the machine (PostgreSQL\'s own processes are not counted)',
      'booking_slots/get turns over every merchant, zone and the coming 30 days, for 2 guests',
      `create + validate: each round a signed-in diner (one of ${DINERS}) creates a draft on the next bookable slot of the coming ${BOOKING_DAYS} days (every merchant and zone, 2 guests) then validates it; "vs bare" and req/s count both requests`,
    ],
    skipped,
  });
  await mkdir(path.dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, report);
  log(`\nWrote ${path.relative(process.cwd(), RESULTS)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
