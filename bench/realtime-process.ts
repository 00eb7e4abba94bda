/** Starts bench/realtime-server.ts in a process of its own and talks to its two bench-only HTTP calls. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('realtime-server.ts', import.meta.url));

/** A server's memory after a full garbage collection, and the sockets opened on it so far. */
export interface ServerMemory {
  rss: number;
  heapUsed: number;
  external: number;
  sockets: number;
}

/** One running live-channel server. */
export interface BenchServer {
  port: number;
  child: ChildProcess;
  memory(): Promise<ServerMemory>;
  /** Publishes one event on each of `channels` through this process's broadcaster; resolves once all are handed over. */
  publish(channels: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a server for `sockets` sockets; `env` adds BENCH_REDIS_URL and BENCH_REDIS_TOPIC for the Redis fan-out. */
export async function startBenchServer(sockets: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--expose-gc', SERVER], {
    env: { ...process.env, ...env, BENCH_SOCKETS: String(sockets) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench/realtime-server.ts exited during start (code ${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    child,
    memory: async () => (await (await fetch(`${base}/memory`)).json()) as ServerMemory,
    async publish(channels) {
      const response = await fetch(`${base}/publish`, { method: 'POST', body: JSON.stringify({ channels, count: 1 }) });
      if (!response.ok) throw new Error(`publish answered ${response.status}`);
      await response.text();
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
