/** A lock between processes: a file holding its owner's pid, created exclusively; one left by a dead process is taken over. */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isAlive } from './dead-builds.ts';

/** How to wait for a lock. */
export interface PidLockOptions {
  /** What holds it, for messages ("site build"). */
  what: string;
  /** Give up after this long. */
  waitMs: number;
  /** Look again this often. */
  pollMs: number;
  log: (line: string) => void;
}

/** Waits for, then takes, the lock `file`; resolves the function that releases it. */
export async function takePidLock(file: string, { what, waitMs, pollMs, log }: PidLockOptions): Promise<() => Promise<void>> {
  await mkdir(dirname(file), { recursive: true });
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    const age = Date.now() - ((await stat(file).catch(() => undefined))?.mtimeMs ?? 0);
    // An unreadable pid may be a lock being written this instant: only an old one is abandoned.
    const abandoned = Number.isInteger(pid) ? pid === process.pid || !isAlive(pid) : age > 10_000;
    if (abandoned) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another ${what} (pid ${pid}) has held ${file} for too long`);
    if (!told) log(`waiting for another ${what} (pid ${pid}) to finish...`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
