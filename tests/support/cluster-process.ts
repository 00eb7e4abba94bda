/** Runs the reference deployment (`npm run start:cluster`: nginx in front of API processes) as a child process. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, NODE_BIN, type ServerProcess } from './server-process.ts';
import { COMPILE_CACHE_ENV } from './compile-cache.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNNING = /Couvert cluster is running on (\S+)/;

/**
 * Starts scripts/start-cluster.ts with `env` (DATABASE_URL, REDIS_URL, PUSHER_SECRET, API_PROCESSES...) on a free port
 * and resolves once nginx answers in front of every API process; `url` is nginx's. Nothing else of the runner's
 * environment leaks in.
 */
export async function startClusterProcess(env: Record<string, string>, { timeoutMs = 300_000 } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(NODE_BIN, ['scripts/start-cluster.ts'], {
    cwd: ROOT,
    env: { ...COMPILE_CACHE_ENV, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code));
  });
  let gone = false;
  void exited.then(() => (gone = true));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the cluster did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const running = RUNNING.exec(output);
      if (running) {
        clearTimeout(timer);
        resolve(running[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the cluster exited (${how}) before it ran:\n${output}`));
    });
  });

  return {
    child,
    url,
    output: () => output,
    exited,
    async stop(graceMs = 30_000) {
      if (gone) return;
      // start-cluster.ts stops nginx, then its API processes, and exits.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
