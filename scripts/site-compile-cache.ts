/**
 * The compiled site kept between full builds: Astro's output (shared pages, scripts, styles, with their compressed
 * copies) and its page renderer, by the source hash (scripts/site-stamp.ts: the sources and the build settings). A
 * full build whose sources are those of a kept compile copies it instead of running Astro and compressing again, and
 * renders only the merchants' pages; a new release of the code compiles as before. Entries are written aside and
 * renamed, so a build killed half-way leaves a whole entry or none; the newest few are kept.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isAlive } from './dead-builds.ts';
import { fileStamp } from './file-stamp.ts';
import { pathExists } from './path-exists.ts';
import type { PrecompressResult } from './precompress-site.ts';
import { PROJECT_ROOT } from './site-stamp.ts';

/** The environment variable that moves the kept compiles elsewhere (tests that must see a compile happen). */
export const COMPILES_DIR_ENV = 'COUVERT_COMPILES_DIR';

/** The folder of every kept compile: $COUVERT_COMPILES_DIR, or .cache/site-compile in the project. */
export function compilesDir(): string {
  return process.env[COMPILES_DIR_ENV] || join(PROJECT_ROOT, '.cache', 'site-compile');
}
/** How many compiles are kept (a provider going back one release, and the test suite's few build settings). */
const KEPT_COMPILES = 4;
/** In an entry: the site as Astro left it and its compressed copies. */
const SITE = 'site';
/** In an entry: the page renderer (scripts/keep-renderer.ts). */
const RENDERER = 'renderer';
/** In an entry: what compressing the site found (its hashes; the stamps are made again for the copied files). */
const SHARED = 'shared.json';

type KeptShared = Omit<PrecompressResult, 'hashes'> & { hashes: { files: Record<string, string> } };

/**
 * An entry's folder: the source hash and NODE_ENV, which picks React's runtime in the compiled pages (unset, Astro's
 * build sets production). Not part of the source hash: an update run by the server renders with the build's renderer
 * whatever its own NODE_ENV.
 */
function entryFolder(hash: string): string {
  return join(compilesDir(), `${hash.slice(0, 32)}-${process.env.NODE_ENV || 'production'}`);
}

/**
 * Puts the kept compile of `hash` into `building` and `rendererDir` (left as it is when it holds a renderer already:
 * the same name is the same site and sources); resolves what precompressSite would have, or null when none is kept.
 */
export async function reuseCompiledSite(hash: string, building: string, rendererDir: string): Promise<PrecompressResult | null> {
  const entry = entryFolder(hash);
  if (!(await pathExists(join(entry, SHARED)))) return null;
  const shared = JSON.parse(await readFile(join(entry, SHARED), 'utf8')) as KeptShared;
  await cp(join(entry, SITE), building, { recursive: true });
  if (!(await pathExists(rendererDir))) {
    const staging = `${rendererDir}.staging-${process.pid}`;
    await rm(staging, { recursive: true, force: true });
    await cp(join(entry, RENDERER), staging, { recursive: true });
    await rename(staging, rendererDir);
  }
  // Used: the newest survive the pruning.
  const now = new Date();
  await utimes(entry, now, now);
  const stamps: Record<string, string> = {};
  for (const key of Object.keys(shared.hashes.files)) {
    const info = await stat(join(building, ...key.slice(1).split('/')), { bigint: true });
    stamps[key] = fileStamp(info);
  }
  return { ...shared, hashes: { files: shared.hashes.files, stamps } };
}

/** Keeps the compile just made (the site in `building` before any merchant page or media is added) under `hash`. */
export async function keepCompiledSite(hash: string, building: string, rendererDir: string, shared: PrecompressResult): Promise<void> {
  await removeUnfinished();
  const entry = entryFolder(hash);
  const staging = join(compilesDir(), `.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(staging, { recursive: true });
    await cp(building, join(staging, SITE), { recursive: true });
    await cp(rendererDir, join(staging, RENDERER), { recursive: true });
    const kept: KeptShared = { files: shared.files, bytes: shared.bytes, brotliBytes: shared.brotliBytes, hashes: { files: shared.hashes.files } };
    // Last: an entry is complete when its shared.json is there.
    await writeFile(join(staging, SHARED), JSON.stringify(kept));
    await rm(entry, { recursive: true, force: true });
    await rename(staging, entry);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  await pruneCompiles();
}

/** Staging folders of builds killed while keeping their compile. */
async function removeUnfinished(): Promise<void> {
  const dir = compilesDir();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const pid = /^\.staging-(\d+)-/.exec(name)?.[1];
    if (pid && !isAlive(Number(pid))) await rm(join(dir, name), { recursive: true, force: true });
  }
}

/** Removes all but the KEPT_COMPILES most recently used entries. */
async function pruneCompiles(): Promise<void> {
  const dir = compilesDir();
  const names = (await readdir(dir)).filter((name) => !name.startsWith('.'));
  const dated = await Promise.all(names.map(async (name) => ({ name, used: (await stat(join(dir, name))).mtimeMs })));
  dated.sort((a, b) => b.used - a.used);
  for (const { name } of dated.slice(KEPT_COMPILES)) await rm(join(dir, name), { recursive: true, force: true });
}
