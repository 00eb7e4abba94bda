/**
 * `npm run bench:api`: loads the real server (a child process on a temporary data folder) over
 * loopback with autocannon, on embedded PGlite and, when reachable, on PostgreSQL; writes
 * bench/results/api.md, and bench/results/api-crowded.md (the demo merchants' slots beside 100,000 bookings
 * of other merchants, against an empty database; BENCH_MODE=crowded measures only that), and bench/results/api-staff.md
 * (the staff day view of a merchant with 400 bookings that day, at 20 connections; BENCH_MODE=staff measures only that).
 * BENCH_SECONDS and BENCH_CONNECTIONS change the load (default 10 s, 50; the staff day view: BENCH_STAFF_CONNECTIONS, 20).
 * api.md also holds the write path's targets: server CPU per guest booking (BENCH_GUESTS guests, default 40), create +
 * validate bookings/s and p99, and the mixed load (BENCH_MIXED_SECONDS, default 120). BENCH_MODE=api measures only api.md.
 */
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
import { BENCH_ADMIN_TOKEN, importMerchantCopies } from './api-merchants.ts';
import { createPostgresDatabase } from '../tests/support/test-database.ts';
import { callLatencyLine, renderReport, verdict, type BackendRun, type Measured } from './api-report.ts';
import { CROWDED_TARGET, crowdedVerdict, renderCrowdedReport, type CrowdedRun } from './api-crowded-report.ts';
import { importDemoMerchants } from '../src/server/services/demo-merchants.ts';
import { seedOtherMerchantsBookings } from '../tests/support/other-merchants-bookings.ts';
import { seedBusyDay } from '../tests/support/busy-day-merchant.ts';
import { renderStaffDayReport, staffDayVerdict, type StaffDayRun } from './api-staff-report.ts';
import { createValidateScenario, getScenario, merchantScenario, slotsScenario, type Cursor, type Scenario, type ZoneTarget } from './api-scenarios.ts';
import { mixedScenario } from './api-mixed.ts';
import { measureGuests } from './guest-bookings.ts';
import { cpuMsOf } from './process-cpu.ts';
import type { GuestMeasure } from './api-report.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// The mixed load runs 2 minutes (BENCH_MIXED_SECONDS); guests book back to back with BENCH_GUESTS at once.
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 120);
const GUESTS = Number(process.env.BENCH_GUESTS ?? 40);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
const DINERS = 8000;
const BOOKING_DAYS = 180;
// Copies of each demo merchant the write scenarios book into besides the demo's three (BENCH_MERCHANT_COPIES).
const MERCHANT_COPIES = Number(process.env.BENCH_MERCHANT_COPIES ?? 7);
// BENCH_ONLY=pglite or BENCH_ONLY=postgres measures one backend.
const ONLY = process.env.BENCH_ONLY;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RESULTS = fileURLToPath(new URL('./results/api.md', import.meta.url));
// BENCH_MODE=crowded measures only the slots of the demo merchants beside an empty and a crowded database; =api only api.md.
const MODE = process.env.BENCH_MODE ?? 'full';
const CROWDED_RESULTS = fileURLToPath(new URL('./results/api-crowded.md', import.meta.url));
const CROWDED_BOOKINGS = 100_000;
const CROWDED_MERCHANTS = 25;
const DEMO_SLUGS = ['le-petit-zinc', 'sakura-ramen', 'trattoria-nonna'];
const STAFF_RESULTS = fileURLToPath(new URL('./results/api-staff.md', import.meta.url));
const STAFF_CONNECTIONS = Number(process.env.BENCH_STAFF_CONNECTIONS ?? 20);
const STAFF_DAY_BOOKINGS = 400;
// What the staff report says beside its figures (BENCH_NOTE adds the operator's word on the machine's load).
const STAFF_NOTES = [
  'The machine is shared with other agents\u2019 builds and tests: the load average above says how much they competed for its two cores, and latency at 20 connections grows with it',
  ...(process.env.BENCH_NOTE ? [process.env.BENCH_NOTE] : []),
];

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

async function load(url: string, serverPid: number, scenario: Scenario, seconds: number, connections = CONNECTIONS): Promise<Measured> {
  const cpuBefore = await cpuMsOf(serverPid);
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10, requests: scenario.requests });
  const cpuMs = (await cpuMsOf(serverPid)) - cpuBefore;
  return {
    name: scenario.name,
    result,
    outcome: scenario.outcome?.(),
    latencies: scenario.latencies?.(),
    serverCpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.requests.total),
  };
}

async function post(url: string, target: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}${target}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}

/** The demo merchant whose owner's day view the mixed load reads. */
const DEMO_STAFF = { slug: 'le-petit-zinc', email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' };

/** Starts a server on `handle`'s database (closed before the server opens it) and measures every scenario. */
async function benchBackend(backend: string, detail: string, handle: DatabaseHandle, env: Record<string, string>, dataDir: string): Promise<BackendRun> {
  const kind = handle.kind;
  log(`\n== ${backend}: seeding ${DINERS} signed-in diners`);
  await handle.migrate();
  const diners = await seedDiners(handle, DINERS, { tag: `bench-${path.basename(dataDir)}` });
  await handle.close();

  const server = await startServerProcess({ ...env, DATA_DIR: dataDir, IMPORT_DEMO: 'auto', LOG_LEVEL: 'warn', ADMIN_TOKEN: BENCH_ADMIN_TOKEN });
  try {
    const copies = await importMerchantCopies(server.url, MERCHANT_COPIES);
    log(`   ${copies.length} copies of the demo merchants imported`);
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
    const cursor: Cursor = { next: 0 };
    const staff = await post(server.url, '/api/pro/auth/login', { email: DEMO_STAFF.email, password: DEMO_STAFF.password });
    const staffPath = `/api/pro/${DEMO_STAFF.slug}/bookings?day=${dates[0]!}`;
    const mixed = mixedScenario({ slugs, targets, dates, candidates, diners, cursor, staff: { path: staffPath, bearer: staff.access_token as string } });
    const scenarios: Array<Scenario | 'guests'> = [
      getScenario('GET /api/health/live (bare route)', '/api/health/live'),
      getScenario('GET /api/health/ready (one database ping)', '/api/health/ready'),
      merchantScenario(slugs),
      slotsScenario(targets, dates),
      createValidateScenario(candidates, diners, cursor),
      'guests',
      mixed,
      slotsScenario(targets, dates, 'POST /api/booking/booking_slots/get (after the booking run)'),
    ];
    const measured: Measured[] = [];
    let guests: GuestMeasure | undefined;
    for (const scenario of scenarios) {
      const pid = server.child.pid!;
      if (scenario === 'guests') {
        const database = kind === 'postgres' ? ('postgres' as const) : undefined;
        guests = await measureGuests(server.url, pid, candidates, cursor, { concurrency: GUESTS, seconds: SECONDS, ...(database ? { database } : {}) });
        log(`   guests: ${guests.booked} bookings, p99 ${guests.p99Ms.toFixed(0)} ms, server CPU ${guests.cpuMsPerBooking.toFixed(2)} ms per booking`);
        continue;
      }
      if (!scenario.outcome) await load(server.url, pid, scenario, WARMUP_SECONDS);
      const run = await load(server.url, pid, scenario, scenario === mixed ? MIXED_SECONDS : SECONDS);
      log(
        `   ${scenario.name}: ${run.result.requests.average.toFixed(0)} req/s, p50 ${run.result.latency.p50} ms, ` +
          `p99 ${run.result.latency.p99} ms, server CPU ${run.serverCpuUsPerRequest.toFixed(0)} µs/request, non-2xx ${run.result.non2xx}`,
      );
      if (run.outcome) log(`   ${JSON.stringify(run.outcome)}`);
      if (run.latencies) log(`   ${callLatencyLine(run.latencies)}`);
      measured.push(run);
    }
    const result = { backend, detail, kind, measured, guests };
    log(`   ${verdict(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}

/** What a crowded run measured: the slots of the demo merchants beside an empty and a crowded database. */
async function benchCrowdedPair(backend: string, detail: string, fresh: () => Promise<FreshDatabase>): Promise<CrowdedRun> {
  const measured: CrowdedRun['measured'] = [];
  for (const crowded of [false, true]) {
    const database = await fresh();
    try {
      await database.handle.migrate();
      if (crowded) {
        log(`\n== ${backend}: ${CROWDED_BOOKINGS} coming bookings of ${CROWDED_MERCHANTS} other merchants`);
        const mediaDir = path.join(database.dataDir, 'media');
        await importDemoMerchants(database.handle.db, mediaDir);
        const started = Date.now();
        await seedOtherMerchantsBookings(database.handle, CROWDED_BOOKINGS, { merchants: CROWDED_MERCHANTS, mediaDir });
        log(`   seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else {
        log(`\n== ${backend}: the demo merchants alone`);
      }
      await database.handle.close();
      const server = await startServerProcess({ ...database.env, DATA_DIR: database.dataDir, IMPORT_DEMO: 'auto', LOG_LEVEL: 'warn' });
      try {
        const targets: ZoneTarget[] = [];
        for (const slug of DEMO_SLUGS) {
          const zones = await post(server.url, '/api/booking/booking_zones/get', { merchant_slug: slug, date: comingDates(1)[0] });
          for (const zone of zones.bookingZones as Array<{ id: string }>) targets.push({ slug, zoneId: zone.id });
        }
        const scenarios = [getScenario('GET /api/health/live (bare route)', '/api/health/live'), slotsScenario(targets, comingDates(30))];
        const runs: Measured[] = [];
        for (const scenario of scenarios) {
          await load(server.url, server.child.pid!, scenario, WARMUP_SECONDS);
          const run = await load(server.url, server.child.pid!, scenario, SECONDS);
          log(`   ${scenario.name}: ${run.result.requests.average.toFixed(0)} req/s, p50 ${run.result.latency.p50} ms, p99 ${run.result.latency.p99} ms`);
          runs.push(run);
        }
        measured.push({ crowded, bare: runs[0]!, slots: runs[1]! });
      } finally {
        await server.stop();
      }
    } finally {
      await database.cleanUp();
    }
  }
  const run = { backend, detail, measured };
  log(`   ${crowdedVerdict(run)}`);
  return run;
}

/** The staff day view of a merchant with a full day (400 bookings), beside the bare route of the same server. */
async function benchStaffDay(backend: string, detail: string, fresh: () => Promise<FreshDatabase>): Promise<StaffDayRun> {
  const database = await fresh();
  try {
    await database.handle.migrate();
    log(`\n== ${backend}: the staff day view of ${STAFF_DAY_BOOKINGS} bookings`);
    const busy = await seedBusyDay(database.handle, { count: STAFF_DAY_BOOKINGS, mediaDir: path.join(database.dataDir, 'media') });
    await database.handle.close();
    const server = await startServerProcess({ ...database.env, DATA_DIR: database.dataDir, IMPORT_DEMO: 'never', LOG_LEVEL: 'warn' });
    try {
      const signIn = await post(server.url, '/api/pro/auth/login', { email: busy.email, password: busy.password });
      const dayPath = `/api/pro/${busy.slug}/bookings?day=${busy.day}`;
      const headers = { authorization: `Bearer ${signIn.access_token as string}` };
      const answer = await fetch(`${server.url}${dayPath}`, { headers }).then((response) => response.json());
      const bookings = (answer.bookings as unknown[]).length;
      log(`   ${bookings} bookings on ${busy.day}`);
      const scenarios: Scenario[] = [
        getScenario('GET /api/health/live (bare route)', '/api/health/live'),
        { name: `GET /api/pro/{slug}/bookings (the day view, ${bookings} bookings)`, requests: [{ method: 'GET', path: dayPath, headers }] },
      ];
      const runs: Measured[] = [];
      for (const scenario of scenarios) {
        await load(server.url, server.child.pid!, scenario, WARMUP_SECONDS, STAFF_CONNECTIONS);
        const run = await load(server.url, server.child.pid!, scenario, SECONDS, STAFF_CONNECTIONS);
        log(`   ${scenario.name}: ${run.result.requests.average.toFixed(0)} req/s, p50 ${run.result.latency.p50} ms, p99 ${run.result.latency.p99} ms`);
        runs.push(run);
      }
      const run = { backend, detail, bookings, bare: runs[0]!, day: runs[1]! };
      log(`   ${staffDayVerdict(run)}`);
      return run;
    } finally {
      await server.stop();
    }
  } finally {
    await database.cleanUp();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** A fresh, empty database of one backend, the data folder of the server that will open it, and how to remove both. */
interface FreshDatabase {
  handle: DatabaseHandle;
  env: Record<string, string>;
  dataDir: string;
  cleanUp(): Promise<void>;
}

async function freshPglite(): Promise<FreshDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'couvert-bench-'));
  return { handle: await openPglite(path.join(dataDir, 'pglite')), env: {}, dataDir, cleanUp: () => rm(dataDir, { recursive: true, force: true }) };
}

async function freshPostgres(): Promise<FreshDatabase> {
  const database = await createPostgresDatabase(POSTGRES_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'couvert-bench-'));
  return {
    handle: await openPostgres(database.url, { max: 4 }),
    env: { DATABASE_URL: database.url },
    dataDir,
    async cleanUp() {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const runs: BackendRun[] = [];
  const crowdedRuns: CrowdedRun[] = [];
  const staffRuns: StaffDayRun[] = [];
  const skipped: string[] = [];
  const pgliteVersion = JSON.parse(await readFile(fileURLToPath(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url)), 'utf8'))
    .version as string;
  const backends: Array<{ name: string; detail: string; fresh: () => Promise<FreshDatabase> }> = [];

  if (ONLY !== 'postgres') {
    backends.push({ name: 'Embedded PGlite', detail: `PGlite ${pgliteVersion} in the server process, data folder on disk.`, fresh: freshPglite });
  }
  const version = ONLY === 'pglite' ? undefined : await postgresReachable(POSTGRES_URL);
  if (ONLY === 'pglite') {
    skipped.push('PostgreSQL was not measured (BENCH_ONLY=pglite).');
  } else if (version) {
    backends.push({
      name: 'PostgreSQL',
      detail: `${version.split(' on ')[0]} on the same machine (a fresh database; pool of 10 connections).`,
      fresh: freshPostgres,
    });
  } else {
    skipped.push(`PostgreSQL was not measured: ${POSTGRES_URL} did not answer.`);
  }

  for (const backend of backends) {
    if (MODE !== 'crowded' && MODE !== 'api') staffRuns.push(await benchStaffDay(backend.name, backend.detail, backend.fresh));
    if (MODE === 'staff') continue;
    if (MODE !== 'crowded') {
      const database = await backend.fresh();
      try {
        runs.push(await benchBackend(backend.name, backend.detail, database.handle, database.env, database.dataDir));
      } finally {
        await database.cleanUp();
      }
    }
    if (MODE !== 'api') crowdedRuns.push(await benchCrowdedPair(backend.name, backend.detail, backend.fresh));
  }

  const cpus = os.cpus();
  const machine = [
    `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`,
    `${os.type()} ${os.release()} (${os.arch()})`,
    `Node ${process.versions.node}`,
    `Load average (1, 5, 15 min) at the start: ${loadAtStart}; at the end: ${loadAverage()} — anything above the bench's own share means other processes competed for the cores`,
  ];
  const date = new Date().toISOString();
  const loadSetting = `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per scenario (after ${WARMUP_SECONDS} s of warm-up for the read scenarios), loopback`;
  if (MODE !== 'crowded' && MODE !== 'api') {
    const staffReport = renderStaffDayReport(
      staffRuns,
      {
        date,
        machine,
        settings: [
          `autocannon, ${STAFF_CONNECTIONS} connections, ${SECONDS} s per scenario after ${WARMUP_SECONDS} s of warm-up, loopback`,
          `One merchant of 100 tables with ${STAFF_DAY_BOOKINGS} pending or confirmed bookings on one day (four sittings), each by its own diner with a phone, a third of them regulars with six past visits (one a no-show) and a guest profile (VIP for half, allergies for a quarter, a seating and a note): \`tests/support/busy-day-merchant.ts\``,
          'Every request is the same signed-in staff member reading that day (`GET /api/pro/{slug}/bookings?day=`): the host stand\u2019s tablets and phones reloading the book',
          'The bare route is measured on the same server just before, at the same connections',
        ],
        skipped,
      },
      STAFF_NOTES,
    );
    await mkdir(path.dirname(STAFF_RESULTS), { recursive: true });
    await writeFile(STAFF_RESULTS, staffReport);
    log(`\nWrote ${path.relative(process.cwd(), STAFF_RESULTS)}`);
  }
  if (MODE === 'staff') return;
  if (MODE !== 'crowded') {
    const report = renderReport(runs, {
      date,
      machine,
      settings: [
        loadSetting,
        `The server runs as a child process (\`node src/server/main.ts\`, LOG_LEVEL=warn); autocannon runs in the bench process, on the same cores. Its merchants: the 3 demo merchants and ${MERCHANT_COPIES * 3} copies of them (BENCH_MERCHANT_COPIES=${MERCHANT_COPIES} of each, imported through the admin API) so the bookings of a run spread over a provider's many restaurants rather than fill three`,
        '"server µs CPU/req" is the server process\'s own CPU time (user + system, from /proc) per answered request: unlike req/s it hardly depends on what else runs on the machine (PostgreSQL\'s own processes are not counted)',
        'booking_slots/get turns over every merchant, zone and the coming 30 days, for 2 guests',
        `create + validate: each round a signed-in diner (one of ${DINERS}) creates a draft on the next bookable slot of the coming ${BOOKING_DAYS} days (every merchant and zone, 2 guests) then validates it; "vs bare" and req/s count both requests`,
        `Guest bookings: ${GUESTS} guests book back to back for ${SECONDS} s as the site does (create, no_account, validate, on the next free slots); "server CPU per booking" is the server process's CPU time from the run's start until its jobs have sent the bookings' messages (mail and SMS to the outbox folder), divided by the bookings validated`,
        `Mixed load: ${CONNECTIONS} connections for ${MIXED_SECONDS} s, each turning over merchant, slots, the staff day view of ${DEMO_STAFF.slug} (its owner signed in), a signed-in diner's create and validate, and the booking's get; p99 over every request, then by call (from the request's writing to its answer's reading; a create refused for a slot taken meanwhile apart)`,
        `The crowded database's figures are in ${path.basename(CROWDED_RESULTS)}`,
      ],
      skipped,
    });
    await mkdir(path.dirname(RESULTS), { recursive: true });
    await writeFile(RESULTS, report);
    log(`\nWrote ${path.relative(process.cwd(), RESULTS)}`);
  }
  if (MODE === 'api') return;
  const crowdedReport = renderCrowdedReport(crowdedRuns, {
    date,
    machine,
    settings: [
      loadSetting,
      `Each backend twice, on a fresh database and a fresh server process each time: the three demo merchants alone, then beside ${CROWDED_BOOKINGS.toLocaleString('en')} coming bookings (pending or confirmed, every table taken four times a day) of ${CROWDED_MERCHANTS} other merchants of 20 tables, written straight into the database`,
      "booking_slots/get turns over the demo merchants' zones and the coming 30 days, for 2 guests: merchants with no booking, as the other merchants' bookings pile up",
      `Target: the crowded database's slots figure at least ${CROWDED_TARGET * 100} % of the empty one's, each figure taken as a share of the bare route of its own server measured just before (the machine is shared: its load drifts between the two runs); the raw throughputs are in the table`,
    ],
    skipped,
  });
  await mkdir(path.dirname(CROWDED_RESULTS), { recursive: true });
  await writeFile(CROWDED_RESULTS, crowdedReport);
  log(`Wrote ${path.relative(process.cwd(), CROWDED_RESULTS)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
