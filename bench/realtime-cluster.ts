/**
 * The two-process setting of `npm run bench:realtime`: two live-channel servers (bench/realtime-server.ts, the
 * embedded server with the Redis fan-out on a topic of this run) behind Debian's nginx, configured from the reference
 * deployment's template (deploy/nginx.conf.template, rendered by scripts/nginx-config.ts as `npm run start:cluster`
 * renders it), so sockets reach the processes round robin through nginx's /app/ location.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNginx } from '../scripts/ensure-nginx.ts';
import { renderNginxConfig } from '../scripts/nginx-config.ts';
import { accepts, freePort, ownerOf } from '../scripts/start-cluster.ts';
import { startBenchServer, type BenchServer } from './realtime-process.ts';

/** Two servers sharing events through Redis, and nginx in front of them. */
export interface BenchCluster {
  /** Where the sockets connect: nginx. */
  url: string;
  servers: [BenchServer, BenchServer];
  /** nginx's worker processes now (`worker_processes auto`): their open files and the most they may open. */
  nginxWorkers(): NginxWorker[];
  stop(): Promise<void>;
}

/** One nginx worker's files, from /proc. */
export interface NginxWorker {
  pid: number;
  openFiles: number;
  maxOpenFiles: string;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** nginx's workers (the children of its master process) and their files. */
function workersOf(masterPid: number): NginxWorker[] {
  const listing = spawnSync('ps', ['--ppid', String(masterPid), '-o', 'pid='], { encoding: 'utf8' });
  return listing.stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0)
    .map((pid) => ({
      pid,
      openFiles: readdirSync(`/proc/${pid}/fd`).length,
      maxOpenFiles: /^Max open files\s+(\S+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1] ?? '?',
    }));
}

/** Starts two servers for `sockets` sockets in all on REDIS_URL, then nginx in front of them; throws when any of them does not start. */
export async function startBenchCluster(sockets: number, redisUrl: string): Promise<BenchCluster> {
  const env = { BENCH_REDIS_URL: redisUrl, BENCH_REDIS_TOPIC: `couvert-bench-${process.pid}:realtime` };
  // Each process could get every socket if nginx's round robin were uneven: each is ready for all of them.
  const servers = (await Promise.all([startBenchServer(sockets, env), startBenchServer(sockets, env)])) as [BenchServer, BenchServer];
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'couvert-bench-nginx-'));
  const siteDir = path.join(runDir, 'site');
  const port = await freePort();
  let nginx: ChildProcess | undefined;
  const stop = async () => {
    if (nginx) {
      nginx.kill('SIGQUIT');
      await exited(nginx);
    }
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    // An empty site: the bench only uses the live channel's location.
    mkdirSync(siteDir);
    const configFile = path.join(runDir, 'nginx.conf');
    const binary = ensureNginx();
    const config = renderNginxConfig({
      nginx: binary,
      siteDir,
      runDir,
      listen: `127.0.0.1:${port}`,
      upstreams: servers.map((server) => `127.0.0.1:${server.port}`),
      user: process.getuid?.() === 0 ? ownerOf(siteDir) : undefined,
    });
    writeFileSync(configFile, config);
    const nginxArgs = ['-p', runDir, '-c', configFile, '-e', 'stderr'];
    const check = spawnSync(binary.binary, ['-t', '-q', ...nginxArgs], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refuses ${configFile}:\n${check.stderr}`);
    nginx = spawn(binary.binary, nginxArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
    const nginxPid = nginx.pid!;
    const deadline = Date.now() + 10_000;
    while (!(await accepts('127.0.0.1', port))) {
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx does not answer on 127.0.0.1:${port}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { url: `ws://127.0.0.1:${port}`, servers, nginxWorkers: () => workersOf(nginxPid), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
