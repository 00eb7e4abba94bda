/**
 * Where full builds keep their compiled page renderers (scripts/keep-renderer.ts): one folder per site and source
 * hash, inside the project so the renderer's imports find its packages. The site's build stamp names its own; the
 * others are removed once no site names them.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT, readStamp } from './site-stamp.ts';

/** The folder of every kept renderer. */
export const RENDERERS_DIR = join(PROJECT_ROOT, '.cache', 'site-renderer');
/** In a renderer's folder, once its site is swapped in: the site's folder. */
const SITE_FILE = 'site.txt';
/** A renderer folder no site claims (its build stopped half-way) is removed after this long. */
const UNCLAIMED_MS = 24 * 3600_000;

/** The renderer folder's name for a site's build: the site's path and the source hash, shortened. */
export function rendererName(siteDir: string, sourceHash: string): string {
  const site = createHash('sha256').update(resolve(siteDir)).digest('hex');
  return `${site.slice(0, 12)}-${sourceHash.slice(0, 12)}`;
}

/** After a build was swapped in: marks its renderer as the site's, and removes every renderer no site names any more. */
export async function claimRenderer(siteDir: string, name: string): Promise<void> {
  await writeFile(join(RENDERERS_DIR, name, SITE_FILE), resolve(siteDir));
  const names = await readdir(RENDERERS_DIR).catch(() => [] as string[]);
  for (const other of names) {
    if (other === name) continue;
    const folder = join(RENDERERS_DIR, other);
    const site = await readFile(join(folder, SITE_FILE), 'utf8').catch(() => null);
    const stale =
      site === null ? Date.now() - ((await stat(folder).catch(() => undefined))?.mtimeMs ?? 0) > UNCLAIMED_MS : (await readStamp(site))?.renderer !== other;
    if (stale) await rm(folder, { recursive: true, force: true });
  }
}
