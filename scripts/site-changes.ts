/**
 * What a build changed, for a CDN purge: every build keeps the content hash of each file it wrote
 * (site-files.json) and, against the hashes of the site it replaces, lists the paths it added, changed and removed
 * (site-changes.json), with the addresses a CDN must forget for them.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { forEachLimit } from './for-each-limit.ts';
import { fileStamp } from './file-stamp.ts';
import { MERCHANTS_RECORD } from './site-merchants.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

/** The content hashes of the built site's files, at its root. */
export const FILE_HASHES = 'site-files.json';
/** The paths this build changed against the site it replaced, at its root. */
export const CHANGES_FILE = 'site-changes.json';
/** Bookkeeping files of a build: never listed among its changes (their own content changes every build). */
export const BOOKKEEPING_FILES = new Set([FILE_HASHES, CHANGES_FILE, 'build-stamp.json', MERCHANTS_RECORD]);

const PARALLEL_READS = 16;
// A page of the site is cached by a CDN under these shells' addresses with any token after them.
const TOKEN_SHELL = /^\/([a-z0-9-]+)\/(validate|booking_complete)\/index\.html$/;

/** site-changes.json: what one build changed. Paths are the site's files as URL paths ("/le-petit-zinc/index.html"). */
export interface SiteChanges {
  builtAt: string;
  /** builtAt of the site this build replaced; null when there was none or it kept no hashes (purge everything). */
  previousBuiltAt: string | null;
  /** True when the changes are unknown (no previous hashes) or touch every address (the not-found page): purge all. */
  purgeAll: boolean;
  added: string[];
  changed: string[];
  removed: string[];
  /** The addresses to purge for them: each file, a page's folder addresses, a token shell's addresses with any token ("*"). */
  purge: string[];
}

/** site-files.json. */
export interface FileHashes {
  builtAt: string;
  files: Record<string, string>;
  /** Each file's inode, size and modification time when hashed: a file carried over unchanged (a hard link, a rename) is not read again. */
  stamps?: Record<string, string>;
}

/** The site's files in `dir` (or its folder `under`) that site-files.json lists, as sorted paths ("a/index.html"): not compressed copies or bookkeeping. */
async function listSiteFiles(dir: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(dir, under), { withFileTypes: true, recursive: true });
  return (
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
      // A .br or .gz copy is the same address as its file: it changes with it.
      .filter((path) => !/\.(?:br|gz)$/.test(path) && !BOOKKEEPING_FILES.has(path))
      .sort()
  );
}

/**
 * The sha256 of every file of the site in `dir` except compressed copies and bookkeeping, by URL path, and each file's
 * stamp. A file whose stamp is in `known` keeps the hash recorded with it, unread: builds that carry unchanged files
 * over (hard links, renames) pay only for what they wrote. `under` ("media"): only the files in that folder of the site.
 */
export async function hashSiteFiles(
  dir: string,
  known?: Pick<FileHashes, 'files' | 'stamps'> | null,
  under = '',
): Promise<{ files: Record<string, string>; stamps: Record<string, string> }> {
  const paths = await listSiteFiles(dir, under);
  const hashes: Record<string, string> = {};
  const stamps: Record<string, string> = {};
  await forEachLimit(paths, PARALLEL_READS, async (path) => {
    const key = `/${path}`;
    const info = await stat(join(dir, path), { bigint: true });
    const stamp = fileStamp(info);
    stamps[key] = stamp;
    const recorded = known?.stamps?.[key] === stamp ? known.files[key] : undefined;
    if (recorded) {
      hashes[key] = recorded;
      return;
    }
    hashes[key] = await hashFile(join(dir, path), info.size);
  });
  // Sorted keys: the file reads the same for the same site.
  const keys = paths.map((path) => `/${path}`);
  return { files: Object.fromEntries(keys.map((key) => [key, hashes[key]!])), stamps: Object.fromEntries(keys.map((key) => [key, stamps[key]!])) };
}

/** The addresses a CDN may hold for a file of the site. */
export function purgeAddresses(path: string): string[] {
  const addresses = [path];
  if (path.endsWith('/index.html')) {
    const folder = path.slice(0, -'index.html'.length);
    addresses.push(folder);
    if (folder !== '/') addresses.push(folder.slice(0, -1));
  }
  const shell = TOKEN_SHELL.exec(path);
  if (shell) addresses.push(`/${shell[1]}/${shell[2]}/*`);
  if (path === '/pro/book/index.html') addresses.push('/pro/*');
  if (path === '/pro/settings/index.html') addresses.push('/pro/*/settings');
  if (path === '/pro/day-sheet/index.html') addresses.push('/pro/*/day-sheet');
  return addresses;
}

/** The changes between two sets of hashes. */
export function diffSite(previous: Record<string, string> | null, next: Record<string, string>): Omit<SiteChanges, 'builtAt' | 'previousBuiltAt'> {
  const before = previous ?? {};
  const added = Object.keys(next).filter((path) => !(path in before));
  const changed = Object.keys(next).filter((path) => path in before && before[path] !== next[path]);
  const removed = Object.keys(before).filter((path) => !(path in next));
  const touched = [...added, ...changed, ...removed];
  return {
    purgeAll: previous === null || touched.includes('/404.html'),
    added,
    changed,
    removed,
    purge: [...new Set(touched.flatMap(purgeAddresses))].sort(),
  };
}

/** The site-files.json of the site in `dir`, or null. */
export async function readHashes(dir: string): Promise<FileHashes | null> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, FILE_HASHES), 'utf8')) as Partial<FileHashes>;
    if (typeof parsed.builtAt !== 'string' || typeof parsed.files !== 'object' || parsed.files === null) return null;
    return parsed as FileHashes;
  } catch {
    return null;
  }
}

/**
 * Hashes the site built in `building`, compares it with the site served from `served` (its site-files.json) and
 * writes site-files.json and site-changes.json into `building`, before it is swapped in. `written`: hashes the build
 * took of files as it wrote or read them, with their stamps; a file whose stamp still matches is not read again.
 * `whole`: `written` is a full build's record of every file it put in its own folder, hashed as it was written (no other
 * process writes there): taken as it is, the folder not walked again (at 10,000 merchants a walk of its 40,000 folders
 * took 2.5 s; tests/site/build-site.test.ts checks the record against a walk).
 */
export async function writeSiteChanges(
  building: string,
  served: string,
  builtAt: string,
  written?: Pick<FileHashes, 'files' | 'stamps'>,
  { whole = false }: { whole?: boolean } = {},
): Promise<SiteChanges> {
  const previous = await readHashes(served);
  const { files, stamps } = whole && written ? sortedHashes(written) : await hashSiteFiles(building, knownHashes(previous, written));
  const changes: SiteChanges = { builtAt, previousBuiltAt: previous?.builtAt ?? null, ...diffSite(previous?.files ?? null, files) };
  await writeFile(join(building, FILE_HASHES), `${JSON.stringify({ builtAt, files, stamps } satisfies FileHashes)}\n`);
  await writeFile(join(building, CHANGES_FILE), `${JSON.stringify(changes, null, 2)}\n`);
  return changes;
}

// Hashes already known by stamp: the served site's (files carried over by hard link) and those the build took as it wrote.
function knownHashes(previous: FileHashes | null, written?: Pick<FileHashes, 'files' | 'stamps'>): Pick<FileHashes, 'files' | 'stamps'> {
  return { files: { ...previous?.files, ...written?.files }, stamps: { ...(previous?.stamps ?? {}), ...written?.stamps } };
}

// A full build's own record of its folder, sorted by path as a walk of the folder lists it.
function sortedHashes(written: Pick<FileHashes, 'files' | 'stamps'>): { files: Record<string, string>; stamps: Record<string, string> } {
  const keys = Object.keys(written.files).sort();
  return {
    files: Object.fromEntries(keys.map((key) => [key, written.files[key]!])),
    stamps: Object.fromEntries(keys.map((key) => [key, written.stamps?.[key] ?? ''])),
  };
}

// Up to this size a file is hashed from one read (a stream costs several thread-pool round trips per file: 3 to 4 times slower on small media).
const READ_WHOLE_BYTES = 16n * 1024n * 1024n;

/** The sha256 of a file of `size` bytes. */
async function hashFile(file: string, size: bigint): Promise<string> {
  if (size <= READ_WHOLE_BYTES)
    return createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * For an update in place of the served site in `dir` (scripts/update-site.ts): re-hashes only the `touched` paths
 * (URL paths; those gone are removed), then rewrites site-files.json and site-changes.json, each atomically. A site
 * without hashes is hashed whole, and its changes are "purge everything".
 */
export async function updateSiteChanges(dir: string, touched: readonly string[], builtAt: string): Promise<SiteChanges> {
  const previous = await readHashes(dir);
  if (!previous?.stamps) {
    const { files, stamps } = await hashSiteFiles(dir);
    const changes: SiteChanges = { builtAt, previousBuiltAt: previous?.builtAt ?? null, ...diffSite(null, files) };
    await writeFileAtomic(join(dir, FILE_HASHES), `${JSON.stringify({ builtAt, files, stamps } satisfies FileHashes)}\n`);
    await writeFileAtomic(join(dir, CHANGES_FILE), `${JSON.stringify(changes, null, 2)}\n`);
    return changes;
  }
  const files = { ...previous.files };
  const stamps = { ...previous.stamps };
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  await forEachLimit([...new Set(touched)], PARALLEL_READS, async (key) => {
    if (key in previous.files) before[key] = previous.files[key]!;
    const file = join(dir, key.slice(1));
    const info = await stat(file, { bigint: true }).catch(() => undefined);
    if (!info?.isFile()) {
      delete files[key];
      delete stamps[key];
      return;
    }
    files[key] = after[key] = await hashFile(file, info.size);
    stamps[key] = fileStamp(info);
  });
  const sorted = (record: Record<string, string>) =>
    Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]!]),
    );
  const changes: SiteChanges = { builtAt, previousBuiltAt: previous.builtAt, ...diffSite(sorted(before), sorted(after)) };
  await writeFileAtomic(join(dir, FILE_HASHES), `${JSON.stringify({ builtAt, files: sorted(files), stamps: sorted(stamps) } satisfies FileHashes)}\n`);
  await writeFileAtomic(join(dir, CHANGES_FILE), `${JSON.stringify(changes, null, 2)}\n`);
  return changes;
}
