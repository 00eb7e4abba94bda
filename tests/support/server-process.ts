/** Runs the real server (`node src/server/main.ts`) as a child process, as `npm start` would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { COMPILE_CACHE_ENV } from './compile-cache.ts';
import { seedDataDir } from './seed-data-dir.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The pinned Node 24 (the machine's `node` may be older). */
export const NODE_BIN = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));

/** A server child process. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the child wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code or signal once the child is gone. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** SIGTERM and wait (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

/** Asks the kernel for a free loopback port (main.ts needs a fixed one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts main.ts with `env` on a free port and waits until GET /api/server_time answers. */
// The bound catches a hang: a start that imports, migrates and loads the demo takes over a minute with both cores busy.
export async function startServerProcess(env: Record<string, string>, { timeoutMs = 120_000 } = {}): Promise<ServerProcess> {
  await seedDataDir(env, ROOT);
  const port = await freePort();
  const child = spawn(NODE_BIN, ['src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...COMPILE_CACHE_ENV,
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      BUILD_SITE: 'never',
      LOG_LEVEL: 'warn',
      // One address makes every request here: the draft, daily phone and sign-in limits are not what these runs measure (a
      // test may set them).
      DRAFT_LIMIT_PER_ADDRESS: '1000000',
      DRAFT_LIMIT_PER_DEVICE: '1000000',
      DRAFT_LIMIT_PER_EVENING: '1000000',
      PHONE_LIMIT_PER_DAY: '1000000',
      SIGNIN_LIMIT_PER_ADDRESS: '1000000',
      SIGNIN_LIMIT_PER_EMAIL_AND_ADDRESS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code));
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`server exited before answering:\n${output}`);
    const ready = await fetch(`${url}/api/server_time`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    child,
    url,
    output: () => output,
    exited,
    async stop(graceMs = 10_000) {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
