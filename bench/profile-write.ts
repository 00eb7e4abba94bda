/**
 * `node bench/profile-write.ts`: profiles the booking write path with `node --cpu-prof`. The real server runs as a
 * child process on a fresh database (embedded PGlite, then PostgreSQL when reachable) while guests book back to
 * back (create, no_account, validate; the messages they cause are sent by the server's own jobs). Writes
 * bench/results/profile-write-{PROFILE_LABEL}.md (default `after`): server CPU per booking, then self time by package
 * and the top functions over the measured window. The .cpuprofile files stay in PROFILE_DIR (default a temporary
 * folder; open them in Chrome DevTools or speedscope for the flame graph). PROFILE_SECONDS (default 15) and
 * PROFILE_CONCURRENCY (default 40) set the load; BENCH_ONLY=pglite or postgres profiles one database.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres } from '../src/server/db/database.ts';
import { startServerProcess } from '../tests/support/server-process.ts';
import { slotCandidates } from '../tests/support/slot-candidates.ts';
import { createPostgresDatabase } from '../tests/support/test-database.ts';
import { summariseProfile, type CpuProfile } from './cpu-profile-summary.ts';
import { percentile, runGuests } from './guest-bookings.ts';
import { loadAverage, machineLines } from './machine.ts';
import { cpuMsOf, cpuMsWhenSettled } from './process-cpu.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.PROFILE_CONCURRENCY ?? 40);
const LABEL = process.env.PROFILE_LABEL ?? 'after';
const ONLY = process.env.BENCH_ONLY;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RESULTS = fileURLToPath(new URL(`./results/profile-write-${LABEL}.md`, import.meta.url));

async function profileBackend(name: string, profileDir: string): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'couvert-profile-'));
  const env: Record<string, string> = {};
  let drop = async () => {};
  if (name === 'PostgreSQL') {
    const database = await createPostgresDatabase(POSTGRES_URL);
    const handle = await openPostgres(database.url, { max: 2 });
    await handle.migrate();
    await handle.close();
    env.DATABASE_URL = database.url;
    drop = database.drop;
  } else {
    const handle = await openPglite(path.join(dataDir, 'pglite'));
    await handle.migrate();
    await handle.close();
  }
  const ownDir = path.join(profileDir, name === 'PostgreSQL' ? 'postgres' : 'pglite');
  const server = await startServerProcess({
    ...env,
    DATA_DIR: dataDir,
    IMPORT_DEMO: 'auto',
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${ownDir}`,
  });
  const loadAtStart = loadAverage();
  try {
    const candidates = await slotCandidates(server.url, { days: 180, seats: 2 });
    const pid = server.child.pid!;
    // Warm-up: the JIT, the caches, the pools.
    const warm = await runGuests(server.url, candidates.slice(0, Math.floor(candidates.length / 4)), { concurrency: CONCURRENCY, seconds: 3 });
    await cpuMsWhenSettled(pid);
    const cpuBefore = await cpuMsOf(pid);
    const fromWall = Date.now();
    const run = await runGuests(server.url, candidates.slice(Math.floor(candidates.length / 4)), {
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      phoneBase: warm.booked + 100_000,
    });
    const cpuMs = (await cpuMsWhenSettled(pid)) - cpuBefore;
    const toWall = Date.now();
    const loadAtEnd = loadAverage();
    await server.stop();
    const exitWall = Date.now();
    const file = (await readdir(ownDir)).find((entry) => entry.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written in ${ownDir}`);
    const profile = JSON.parse(await readFile(path.join(ownDir, file), 'utf8')) as CpuProfile;
    // The profile ends when the process exits: place the measured window on its clock from there.
    const fromUs = profile.endTime - (exitWall - fromWall) * 1000;
    const toUs = profile.endTime - (exitWall - toWall) * 1000;
    const summary = summariseProfile(profile, { fromUs, toUs, root: ROOT });
    const perBooking = cpuMs / Math.max(1, run.booked);
    const line =
      `${name}: ${run.booked} bookings in ${run.seconds.toFixed(1)} s (${(run.booked / run.seconds).toFixed(0)}/s), ` +
      `server CPU ${perBooking.toFixed(2)} ms per booking, booking p99 ${percentile(run.latencies, 99).toFixed(0)} ms; load ${loadAtStart} → ${loadAtEnd}`;
    process.stdout.write(`${line}\n${JSON.stringify(run.counts)}\n`);
    return [
      `## ${name}`,
      '',
      `- ${CONCURRENCY} guests back to back for ${SECONDS} s after 3 s of warm-up: ${run.booked} bookings (${(run.booked / run.seconds).toFixed(0)}/s), create to validated p50 ${percentile(run.latencies, 50).toFixed(0)} ms, p99 ${percentile(run.latencies, 99).toFixed(0)} ms`,
      `- Answers: ${Object.entries(run.counts)
        .map(([key, value]) => `${key} ${value}`)
        .join(', ')}`,
      `- **Server CPU per booking: ${perBooking.toFixed(2)} ms** (${cpuMs.toFixed(0)} ms of the server process over the run and until its message jobs were done, from /proc; the profiler adds its own share)`,
      `- Load average at the start: ${loadAtStart}; at the end: ${loadAtEnd}`,
      `- Profile: \`${path.join(ownDir, file)}\` (not kept in git)`,
      '',
      ...summary.lines,
      '',
    ];
  } finally {
    await server.stop();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const profileDir = process.env.PROFILE_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'couvert-cpu-prof-')));
const sections: string[] = [];
if (ONLY !== 'postgres') sections.push(...(await profileBackend('Embedded PGlite', profileDir)));
if (ONLY !== 'pglite') sections.push(...(await profileBackend('PostgreSQL', profileDir)));
const report = [
  `# Write path profile (${LABEL})`,
  '',
  `Run on ${new Date().toISOString()} by \`node bench/profile-write.ts\` (PROFILE_LABEL=${LABEL}). The server (\`node --cpu-prof src/server/main.ts\`, LOG_LEVEL=warn, the demo merchants, a fresh database) under guests booking as the site does: create, no_account, validate, each guest starting the next booking when the last is answered, on slots spread over 3 merchants and 180 days; the messages each booking sends (mail and SMS to the outbox folder) are the server's own jobs, inside the window. Self time is V8's sampled time in each function itself, not in what it calls; "(program)" is V8 and Node.js native work outside JavaScript; PGlite's PostgreSQL (WebAssembly) is "@electric-sql/pglite (WASM: PostgreSQL itself)", its JavaScript (protocol, parsers, file system) "@electric-sql/pglite". V8 samples on the wall clock: on a loaded machine a function the kernel preempted keeps collecting samples, so system calls (socket writes) and the shares grow with the load average; the CPU per booking, from /proc, does not count that time.`,
  '',
  ...machineLines().map((line) => `- ${line}`),
  '',
  ...sections,
].join('\n');
await writeFile(RESULTS, `${report}\n`);
process.stdout.write(`Wrote ${path.relative(process.cwd(), RESULTS)}; profiles in ${profileDir}\n`);
