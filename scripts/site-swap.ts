/**
 * Puts a built site in place in one step. The served path (SITE_DIR, dist) is a symbolic link to the folder of the
 * current build, `.{name}.site-{pid}-{hex}` beside it; a new build's link is renamed over it, which the file system does
 * atomically: a reader, or a build killed at any moment, finds the old site or the new one, never none and never half.
 */
import { lstat, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/** The folder served at `target` now: its link's target, `target` itself when it is a plain folder, null when absent. */
export async function currentSiteFolder(target: string): Promise<string | null> {
  const stats = await lstat(target).catch(() => null);
  if (stats === null) return null;
  if (!stats.isSymbolicLink()) return target;
  return resolve(dirname(target), await readlink(target));
}

/** The names a build of `target` gives its folders, by this build's `{pid}-{hex}` suffix. */
export function siteFolders(target: string, suffix: string) {
  const beside = (kind: string) => join(dirname(target), `.${basename(target)}.${kind}-${suffix}`);
  return { building: beside('building'), site: beside('site'), link: beside('link'), retired: beside('old') };
}

/**
 * Serves the finished build in `building` at `target`: the folder takes its lasting name, a link to it replaces the
 * served one in one rename, and the folder served before is removed. A plain folder at `target` (a site built before
 * sites were links, or the empty folder a server made at its first start) is moved aside first: only that first swap
 * has a moment without a site, and a start after a kill there puts the old folder back (restoreRetiredSite).
 */
export async function swapInSite(building: string, target: string, suffix: string): Promise<void> {
  const { site, link, retired } = siteFolders(target, suffix);
  await rename(building, site);
  await symlink(basename(site), link);
  const previous = await currentSiteFolder(target);
  const plainFolder = previous === target;
  if (plainFolder) await rename(target, retired);
  try {
    await rename(link, target);
  } catch (error) {
    if (plainFolder) await rename(retired, target);
    await rm(link, { force: true });
    throw error;
  }
  if (plainFolder) await rm(retired, { recursive: true, force: true });
  else if (previous !== null && isBuildOf(target, previous)) await rm(previous, { recursive: true, force: true });
}

/** Whether `folder` is one of the build folders of `target` (a link someone pointed elsewhere keeps its folder). */
function isBuildOf(target: string, folder: string): boolean {
  return dirname(folder) === dirname(resolve(target)) && basename(folder).startsWith(`.${basename(target)}.site-`);
}
