/** Spawns the real server and merchant CLI as child processes, the way a provider runs them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDataDir } from '../support/seed-data-dir.ts';
import { COMPILE_CACHE_ENV } from '../support/compile-cache.ts';

/** The project root: children run from here, as `npm start` would. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const SERVER_ENTRY = path.join(REPO_ROOT, 'src/server/main.ts');
const MERCHANT_CLI = path.join(REPO_ROOT, 'scripts/merchant.ts');
const JOBS_CLI = path.join(REPO_ROOT, 'scripts/jobs.ts');

const children = new Set<ChildProcess>();
const folders = new Set<string>();

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh temporary folder, removed by cleanUp(). */
export async function tempFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), `couvert-${prefix}-`));
  folders.add(folder);
  return folder;
}

/**
 * The environment of a child: only what a shell gives any program, plus `extra`. Nothing leaks from the
 * test runner (no DATABASE_URL, REDIS_URL, ADMIN_TOKEN or NODE_OPTIONS unless a test sets it).
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'info', ...COMPILE_CACHE_ENV };
  for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return { ...env, ...extra };
}

/** Polls `check` every `everyMs` until it returns a truthy value, which it returns; throws after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs: number, what: string, everyMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A running child process and what it printed. */
export interface RunningProcess {
  child: ChildProcess;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once stdout (or stderr) matches `pattern`; rejects when the process exits first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Sends `signal` and resolves with the exit code, or rejects if the process outlives `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv, cwd = REPO_ROOT): RunningProcess {
  // process.execPath is the pinned Node 24 under vitest: the one that runs .ts files.
  const child = spawn(process.execPath, [script, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));

  return {
    child,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitForOutput(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(out) ?? pattern.exec(err);
        if (match) return match[0];
        if (gone) throw new Error(`process exited before printing ${pattern}:\n${out}\n${err}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${out}\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    // The default bound guards against a hang, it times nothing: on a busy machine a server may take seconds to finish
    // the messages under way and close its database.
    async stop(signal = 'SIGINT', timeoutMs = 30_000) {
      if (gone) return exited;
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running ${timeoutMs} ms after ${signal}:\n${out}\n${err}`)), timeoutMs);
      });
      try {
        return await Promise.race([exited, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A server process and its address. */
export interface ServerProcess extends RunningProcess {
  port: number;
  url: string;
}

/** How a server is started. */
export interface StartOptions {
  /** Leave a new DATA_DIR empty, so the server creates and migrates its database (default: the test template, tests/support/seed-data-dir.ts). */
  freshDatabase?: boolean;
}

/** Starts `node src/server/main.ts` on a free port with `env` (DATA_DIR, SITE_DIR, ...), from `cwd` (default the project); does not wait. */
export async function spawnServer(env: Record<string, string>, cwd?: string, { freshDatabase = false }: StartOptions = {}): Promise<ServerProcess> {
  if (!freshDatabase) await seedDataDir(env, cwd ?? REPO_ROOT);
  const port = Number(env.PORT ?? (await freePort()));
  const running = run(SERVER_ENTRY, [], childEnv({ ...env, PORT: String(port) }), cwd);
  return { ...running, port, url: `http://127.0.0.1:${port}` };
}

/** Starts a server and waits until it printed its addresses (after any site build). */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000, cwd?: string, options: StartOptions = {}): Promise<ServerProcess> {
  const server = await spawnServer(env, cwd, options);
  await server.waitForOutput(/API documentation\s+\S+/, timeoutMs);
  return server;
}

/** What a finished command printed. */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node scripts/merchant.ts ...args` to the end, from `cwd` (default the project). */
export async function runMerchantCli(args: string[], env: Record<string, string>, cwd?: string): Promise<CommandResult> {
  await seedDataDir(env, cwd ?? REPO_ROOT);
  const running = run(MERCHANT_CLI, args, childEnv(env), cwd);
  const code = await running.exited;
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}

/** Runs `node scripts/jobs.ts ...args` to the end. */
export async function runJobsCli(args: string[], env: Record<string, string>): Promise<CommandResult> {
  await seedDataDir(env, REPO_ROOT);
  const running = run(JOBS_CLI, args, childEnv(env));
  const code = await running.exited;
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}

/** Kills every child still running and removes the temporary folders. */
export async function cleanUp(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  await Promise.all([...folders].map((folder) => rm(folder, { recursive: true, force: true })));
  folders.clear();
}

/** A JSON answer of the booking API. */
export interface JsonAnswer {
  status: number;
  body: any;
}

/** Calls the API: POST with a JSON body, or GET without one. */
export async function callApi(url: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The first bookable time of a merchant from tomorrow on (real clock): the zone id and unix timestamp. */
export async function firstOpenSlot(url: string, slug: string, seats = 2): Promise<{ zoneId: number | string; timestamp: number; date: string }> {
  for (let days = 2; days < 30; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const zones = await callApi(`${url}/api/booking/booking_zones/get`, { merchant_slug: slug, date });
    for (const zone of zones.body.bookingZones ?? []) {
      const slots = await callApi(`${url}/api/booking/booking_slots/get`, {
        merchant_slug: slug,
        date,
        bookingZoneId: zone.id,
        needed_seats: seats,
      });
      const slot = (slots.body.slots ?? []).find((item: { available: boolean }) => item.available);
      if (slot) return { zoneId: zone.id, timestamp: slot.timestamp, date };
    }
  }
  throw new Error(`no open slot for ${slug} in the coming month`);
}

/** Creates a draft booking (or changes the one `token` names) and returns the API's answer. */
export async function createBooking(
  url: string,
  slug: string,
  slot: { zoneId: number | string; timestamp: number },
  seats = 2,
  token?: string,
): Promise<JsonAnswer> {
  return callApi(`${url}/api/booking/create`, {
    ...(token ? { token } : {}),
    merchant_slug: slug,
    datetime: slot.timestamp,
    booking_zone_id: slot.zoneId,
    client_count: seats,
  });
}

/** Starts `node {script}` (a path from the project's root) with `env` on top of a shell's environment; does not wait. */
export function startScript(script: string, env: Record<string, string>): RunningProcess {
  return run(path.join(REPO_ROOT, script), [], childEnv(env));
}

/** Runs `node {script} ...args` (a path from the project's root) to the end with `env` on top of a shell's environment. */
export async function runScript(script: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  const running = run(path.join(REPO_ROOT, script), args, childEnv(env));
  const code = await running.exited;
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}
