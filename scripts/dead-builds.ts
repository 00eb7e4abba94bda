/** What a build killed half-way leaves beside the site (its staging folder, its merchant list, a retired site), found and removed. */
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Whether a process with this pid is running (EPERM: it is, someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `.{site}.building-{pid}-{hex}`, `.{site}.old-{pid}-{hex}`, `.{site}.merchants-{pid}-{hex}.json`: the pid that made it. */
const LEFTOVER = /^(?:building|old|merchants)-(\d+)-[0-9a-f]{8}(?:\.json)?$/;

/** Removes the leftovers of builds for `target` whose process is gone; a running build's are kept. The names removed. */
export async function removeDeadBuilds(target: string): Promise<string[]> {
  const prefix = `.${basename(target)}.`;
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  const dead = names.filter((name) => {
    const match = name.startsWith(prefix) ? LEFTOVER.exec(name.slice(prefix.length)) : null;
    return match !== null && !isAlive(Number(match[1]));
  });
  for (const name of dead) await rm(join(dirname(target), name), { recursive: true, force: true });
  return dead;
}
