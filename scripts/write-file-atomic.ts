/** Writes a file so that a reader sees the old content or the new, never a part: a temporary file beside it, renamed over it. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The temporary files being written now: a process told to stop removes them (rmSync) before it exits. */
export const temporaries = new Set<string>();

/** Writes `content` to `file` atomically (creating its folder). */
export function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  return replaceAtomically(file, (temporary) => writeFile(temporary, content));
}

/** Copies `from` to `to` atomically (creating its folder). */
export function copyFileAtomic(from: string, to: string): Promise<void> {
  return replaceAtomically(to, (temporary) => copyFile(from, temporary));
}

/** writeFileAtomic on this thread (a page worker's, scripts/render-site-worker.ts). */
export function writeFileAtomicNow(file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = temporaryBeside(file);
  temporaries.add(temporary);
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    temporaries.delete(temporary);
  }
}

// A dot name: a server or a CDN that hides dotfiles never serves the half-written copy.
function temporaryBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

async function replaceAtomically(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = temporaryBeside(file);
  temporaries.add(temporary);
  try {
    await write(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  } finally {
    temporaries.delete(temporary);
  }
}
