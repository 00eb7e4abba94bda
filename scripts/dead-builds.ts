/** What a build killed half-way leaves beside the site (its staging folder, its merchant list, a retired site), found and removed. */
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { currentSiteFolder } from './site-swap.ts';

/** Whether a process with this pid is running (EPERM: it is, someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** No site at `target`: nothing there, or the empty folder a server makes when it starts before any build. */
async function siteMissing(target: string): Promise<boolean> {
  const stats = await lstat(target).catch(() => null);
  if (stats === null) return true;
  return stats.isDirectory() && (await readdir(target)).length === 0;
}

/**
 * `.{site}.building-{pid}-{hex}`, `.{site}.site-{pid}-{hex}` (a build's folder, served through the link),
 * `.{site}.link-{pid}-{hex}`, `.{site}.old-{pid}-{hex}` (a plain site folder moved aside), `.{site}.gone-{pid}-{hex}` (a
 * removed merchant's folder, scripts/update-site.ts), `.{site}.merchants-{pid}-{hex}.json`: the kind and the pid that
 * made it. Only an `old` folder is ever a whole site to put back.
 */
const LEFTOVER = /^(building|site|link|old|gone|merchants)-(\d+)-[0-9a-f]{8}(?:\.json)?$/;

/**
 * Removes the leftovers of builds for `target` whose process is gone; a running build's are kept, and so is the folder
 * the site's link points to. A site killed between moving its plain folder aside and linking the new one gets the old
 * folder back first. The names removed.
 */
export async function removeDeadBuilds(target: string): Promise<string[]> {
  const prefix = `.${basename(target)}.`;
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  const leftovers = names.flatMap((name) => {
    const match = name.startsWith(prefix) ? LEFTOVER.exec(name.slice(prefix.length)) : null;
    return match !== null && !isAlive(Number(match[2])) ? [{ name, kind: match[1] }] : [];
  });
  const retired = leftovers.find((leftover) => leftover.kind === 'old');
  if (retired && (await siteMissing(target))) {
    await rm(target, { recursive: true, force: true });
    await rename(join(dirname(target), retired.name), target);
    leftovers.splice(leftovers.indexOf(retired), 1);
  }
  const current = await currentSiteFolder(target);
  const dead = leftovers.map(({ name }) => name).filter((name) => join(dirname(target), name) !== current);
  for (const name of dead) await rm(join(dirname(target), name), { recursive: true, force: true });
  return dead;
}
