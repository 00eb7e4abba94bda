/** One server per embedded data folder: PGlite is a single process's database. */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`Another Couvert server (pid ${pid}) is already using ${dataDir}. ` + 'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).');
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What tells this run of a process from a later one that got the same pid: on Linux the boot and the start time
 * in /proc, elsewhere the start time `ps` prints; undefined when neither can be read.
 */
export async function processStartIdentity(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat !== undefined) {
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19];
    const boot = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim();
    if (startTicks) return `linux:${boot}:${startTicks}`;
  }
  try {
    const { stdout } = await run('ps', ['-o', 'lstart=', '-p', String(pid)], { timeout: 2000 });
    return stdout.trim() ? `ps:${stdout.trim()}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a lock naming `pid` (and the start identity it recorded, if any) is held by that very process, still running. */
async function heldByLiveOwner(pid: number, recorded: string | undefined): Promise<boolean> {
  if (!isAlive(pid)) return false;
  if (recorded) {
    const current = await processStartIdentity(pid);
    // The pid lives but is another process than the one that locked: the owner died and its pid was reused.
    return current === undefined || current === recorded;
  }
  // A lock written before identities were recorded: a process whose command line we can read and that is not
  // Node running one of our entry points is not ours.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  if (commandLine === undefined) return true;
  return /node/.test(commandLine) && /(?:main|merchant)\.ts/.test(commandLine);
}

/**
 * Takes the lock on `dataDir` (a file naming this process's pid and start identity); returns its release. A lock
 * left by a process that is gone, or whose pid now names another process, is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const identity = await processStartIdentity(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, `${process.pid}\n${identity ?? ''}\n`, { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidLine = '', recorded] = (await readFile(lockFile, 'utf8').catch(() => '')).split('\n');
      const pid = Number.parseInt(pidLine, 10);
      if (Number.isInteger(pid) && pid !== process.pid && (await heldByLiveOwner(pid, recorded?.trim() || undefined))) {
        throw new DataDirLockedError(dataDir, pid);
      }
      // Left behind by a crash (kill -9): the owner is gone, so the folder is free.
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
