/** One server per embedded data folder: PGlite is a single process's database. */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `Another Couvert server (pid ${pid}) is already using ${dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
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

/** Takes the lock on `dataDir` (a pid file); returns its release. A lock left by a dead process is taken over. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      // Left behind by a crash (kill -9): the owner is gone, so the folder is free.
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
