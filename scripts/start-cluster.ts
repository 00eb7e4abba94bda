/**
 * `npm run start:cluster`: the reference deployment on one machine. Debian's nginx on PORT serves the built site from
 * disk (precompressed copies, cache headers) and proxies the API, sign-in, the live channel and its authorisation to
 * API_PROCESSES (default 2) API processes (`src/server/main.ts`) on DATABASE_URL and REDIS_URL with one PUSHER_SECRET.
 * An API process that dies is started again; SIGINT or SIGTERM stops nginx, then every process, and exits.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureNginx } from './ensure-nginx.ts';
import { renderNginxConfig } from './nginx-config.ts';

const SERVER_ENTRY = fileURLToPath(new URL('../src/server/main.ts', import.meta.url));
/** How long an API process may take to start, the first one building the site included. */
const START_TIMEOUT_MS = 10 * 60_000;
/** How long processes get to stop before they are killed. */
const STOP_TIMEOUT_MS = 15_000;
const READY_LINE = /^Couvert is running on /;

/** The cluster's settings, from the environment. */
export interface ClusterSettings {
  host: string;
  port: number;
  processes: number;
  apiPortBase?: number;
  dataDir: string;
  siteDir: string;
  publicUrl: string;
}

/** Reads and checks the settings; throws a message saying what to set. */
export function clusterSettings(env: NodeJS.ProcessEnv): ClusterSettings {
  const port = Number(env.PORT || 4321);
  const processes = Number(env.API_PROCESSES || 2);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64) throw new Error(`API_PROCESSES must be a number from 1 to 64, not ${env.API_PROCESSES}`);
  if (!env.DATABASE_URL) throw new Error('start:cluster runs several API processes on one database: set DATABASE_URL (PostgreSQL).');
  if (processes > 1 && !env.REDIS_URL)
    throw new Error('start:cluster with several API processes shares live events and rate limits through Redis: set REDIS_URL.');
  if (env.REDIS_URL && !env.PUSHER_SECRET) {
    throw new Error('Set PUSHER_SECRET: every API process signs private channels with it (for example the output of `openssl rand -base64 32`).');
  }
  const host = env.HOST || '127.0.0.1';
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    host,
    port,
    processes,
    apiPortBase: env.API_PORT_BASE ? Number(env.API_PORT_BASE) : undefined,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    siteDir: path.resolve(env.SITE_DIR || './dist'),
    publicUrl: env.PUBLIC_URL || `http://${shown}:${port}`,
  };
}

/** A port nobody listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts connections on host:port. */
export function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The user who owns `folder`, for nginx's workers when started by root (they must read the site, and only that). */
export function ownerOf(folder: string): string | undefined {
  const uid = statSync(folder).uid;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[2] === String(uid));
  return line?.split(':')[0];
}

function prefixOutput(child: ChildProcess, name: string, onLine?: (line: string) => void): void {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      out.write(`[${name}] ${line}\n`);
      onLine?.(line);
    });
  }
}

const exited = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => (!child || child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function main(): Promise<void> {
  const settings = clusterSettings(process.env);
  const nginx = ensureNginx();
  const runDir = path.join(settings.dataDir, 'nginx');
  mkdirSync(runDir, { recursive: true });
  mkdirSync(settings.siteDir, { recursive: true });
  const ports: number[] = [];
  for (let index = 0; index < settings.processes; index++) ports.push(settings.apiPortBase ? settings.apiPortBase + index : await freePort());

  const configFile = path.join(runDir, 'nginx.conf');
  writeFileSync(
    configFile,
    renderNginxConfig({
      nginx,
      siteDir: settings.siteDir,
      runDir,
      listen: `${settings.host}:${settings.port}`,
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      user: process.getuid?.() === 0 ? ownerOf(settings.siteDir) : undefined,
    }),
  );
  const nginxArgs = ['-p', runDir, '-c', configFile, '-e', 'stderr'];
  const check = spawnSync(nginx.binary, ['-t', '-q', ...nginxArgs], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses ${configFile}:\n${check.stderr}`);

  let stopping = false;
  const apis: (ChildProcess | undefined)[] = [];
  let nginxProcess: ChildProcess | undefined;

  const startApi = (index: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const name = `api ${index + 1}`;
      if (stopping) return resolve();
      const child = spawn(process.execPath, [SERVER_ENTRY], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(ports[index]),
          DATA_DIR: settings.dataDir,
          SITE_DIR: settings.siteDir,
          // nginx connects from the loopback and passes the diner's address in X-Forwarded-For: limits count diners.
          TRUST_PROXY: 'loopback',
          PUBLIC_URL: settings.publicUrl,
          SITE_URL: process.env.SITE_URL || settings.publicUrl,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      apis[index] = child;
      let ready = false;
      const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      prefixOutput(child, name, (line) => {
        if (!ready && READY_LINE.test(line)) {
          ready = true;
          clearTimeout(timer);
          console.log(`${name}: pid ${child.pid} on 127.0.0.1:${ports[index]}`);
          resolve();
        }
      });
      child.on('exit', (code, signal) => {
        if (apis[index] === child) apis[index] = undefined;
        clearTimeout(timer);
        if (stopping) return;
        if (!ready) return reject(new Error(`${name} exited during start (${signal ?? `code ${code}`})`));
        // nginx sends its calls to the other processes meanwhile.
        console.error(`${name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}): starting it again`);
        setTimeout(() => void startApi(index).catch((error: Error) => console.error(`${name}: ${error.message}`)), 1000);
      });
    });

  const stopAll = async (why: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`${why}: stopping nginx and ${settings.processes} API processes`);
    const killer = setTimeout(() => {
      for (const child of [nginxProcess, ...apis]) child?.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    // nginx first (gracefully: it finishes the calls it has), so no call reaches a process that is stopping.
    nginxProcess?.kill('SIGQUIT');
    await exited(nginxProcess);
    for (const child of apis) child?.kill('SIGTERM');
    await Promise.all(apis.map(exited));
    clearTimeout(killer);
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stopAll('SIGINT', 0));
  process.once('SIGTERM', () => void stopAll('SIGTERM', 0));

  try {
    // The first process alone first: it builds the site when stale; the others then find it up to date.
    await startApi(0);
    await Promise.all(ports.slice(1).map((_, index) => startApi(index + 1)));
  } catch (error) {
    console.error((error as Error).message);
    return stopAll('start failed', 1);
  }
  if (stopping) return;

  nginxProcess = spawn(nginx.binary, nginxArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  prefixOutput(nginxProcess, 'nginx');
  nginxProcess.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`nginx exited (${signal ?? `code ${code}`})`);
      void stopAll('nginx exited', 1);
    }
  });
  const deadline = Date.now() + 10_000;
  while (!(await accepts(settings.host === '0.0.0.0' ? '127.0.0.1' : settings.host, settings.port))) {
    if (stopping) return;
    if (Date.now() > deadline) return stopAll(`nginx does not answer on ${settings.host}:${settings.port}`, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const copies = nginx.brotliStaticModule ? 'Brotli and gzip copies' : 'gzip copies (no Brotli module)';
  console.log(`nginx: pid ${nginxProcess.pid}, ${configFile}, ${copies}`);
  console.log(`\nCouvert cluster is running on ${settings.publicUrl} (nginx in front of ${settings.processes} API processes)\n`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
