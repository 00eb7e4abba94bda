/** CPU time of another process (the server under load), read from /proc (Linux). */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU milliseconds (user + system) process `pid` has used so far. */
export async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Waits until `pid` uses under 5 % of a core over 250 ms (its jobs are done), at most `maxMs`; answers its CPU ms then. */
export async function cpuMsWhenSettled(pid: number, maxMs = 5000): Promise<number> {
  const deadline = Date.now() + maxMs;
  let last = await cpuMsOf(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await cpuMsOf(pid);
    if (now - last < 12.5 || Date.now() > deadline) return now;
    last = now;
  }
}

/**
 * CPU milliseconds used so far by every process named `postgres` on this machine (the local PostgreSQL server's
 * backends and its background workers). Over a window where only the benchmark's server talks to it, the difference
 * is PostgreSQL's own CPU for that load (a backend that exits within the window takes its share with it).
 */
export async function postgresCpuMs(): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat.includes('(postgres)')) continue;
    total += await cpuMsOf(Number(entry));
  }
  return total;
}
