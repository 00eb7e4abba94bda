/**
 * Updates the served site in place for merchants that changed, came or went, when its sources have not changed: renders
 * only their pages (and the site root when what it lists changed) with the renderer the last full build kept
 * (scripts/render-merchants.ts), writes each file atomically with its compressed copies, removes the folders of merchants
 * gone, and updates the site's bookkeeping (site-merchants.json, site-files.json, site-changes.json, build-stamp.json).
 * Anything else (no site, other sources, no renderer) needs a full build (scripts/build-site.ts): the answer says so.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import { NEEDS_FULL_BUILD } from '../src/shared/site-update-exit.ts';
import { removeDeadBuilds } from './dead-builds.ts';
import { pathExists } from './path-exists.ts';
import { takePidLock } from './pid-lock.ts';
import { fetchMerchantList, usableSlug } from './fetch-merchants.ts';
import { RENDERER_FILE } from './keep-renderer.ts';
import { compressedCopies, precompresses } from './precompress-site.ts';
import { openRenderer, type RenderedPage } from './render-merchants.ts';
import { updateSiteChanges, type SiteChanges } from './site-changes.ts';
import { homeHash, MERCHANTS_RECORD, pageHashes, readMerchantsRecord, recordedMerchant } from './site-merchants.ts';
import { RENDERERS_DIR } from './site-renderers.ts';
import { merchantHash, merchantsHashOf, readStamp, sourceHash, STAMP_FILE, type BuildStamp } from './site-stamp.ts';
import { copyFileAtomic, temporaries, writeFileAtomic } from './write-file-atomic.ts';

function readFileSyncOr(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** What updateSite needs. */
export interface UpdateSiteOptions {
  apiUrl: string;
  /** The served site. */
  outDir: string;
  /** The merchants said to have changed; none given: every merchant of the list is compared with the site's record. */
  slugs?: readonly string[];
  /** Where the server keeps imported media (its media/ folder). Default $DATA_DIR or ./data. */
  dataDir?: string;
  log?: (line: string) => void;
}

/** What updateSite did, or why the site needs a full build instead. */
export type UpdateSiteResult =
  { updated: true; rendered: string[]; removed: string[]; home: boolean; changes: SiteChanges | null; durationMs: number } | { updated: false; reason: string };

/**
 * Takes the lock that keeps the writers of one served site one at a time: updates (of several API processes sharing
 * the site), and a full build's swap. Beside the site, named as removeDeadBuilds knows nothing of: it is never left for long.
 */
export function lockSite(target: string, log: (line: string) => void): Promise<() => Promise<void>> {
  return takePidLock(siteLockFile(target), { what: 'site update', waitMs: 5 * 60_000, pollMs: 25, log });
}

function siteLockFile(target: string): string {
  return join(dirname(target), `.${basename(target)}.update.lock`);
}

/** The /media/ paths a merchant's listing refers to. */
function mediaPaths(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string' && value.startsWith('/media/')) found.add(value.slice('/media/'.length));
  else if (Array.isArray(value)) for (const item of value) mediaPaths(item, found);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) mediaPaths(item, found);
  return found;
}

/** Copies into the site the media files the merchants refer to that it lacks (media are named by content: never rewritten). */
async function copyMedia(merchants: readonly MerchantListing[], dataDir: string, target: string): Promise<string[]> {
  const source = resolve(dataDir, 'media');
  const copied: string[] = [];
  for (const path of mediaPaths(merchants)) {
    const from = resolve(source, path);
    const to = resolve(target, 'media', path);
    if (relative(source, from).split(sep)[0] === '..' || (await pathExists(to)) || !(await pathExists(from))) continue;
    await copyFileAtomic(from, to);
    copied.push(`/media/${path}`);
  }
  return copied;
}

/** Writes a file of the site with its .br and .gz copies (copies first, each file atomically); stale copies are removed. */
async function writeSiteFile(target: string, path: string, content: string): Promise<void> {
  const file = join(target, path);
  const copies = precompresses(path) ? await compressedCopies(path, Buffer.from(content)) : null;
  for (const kind of ['br', 'gz'] as const) {
    const copy = copies?.[kind];
    if (copy) await writeFileAtomic(`${file}.${kind}`, copy);
    else await rm(`${file}.${kind}`, { force: true });
  }
  await writeFileAtomic(file, content);
}

/** Writes the rendered pages that differ from the served ones, after the script files they refer to; the URL paths written. */
async function writePages(target: string, pages: readonly RenderedPage[]): Promise<string[]> {
  const written: string[] = [];
  for (const script of new Map(pages.flatMap((page) => page.scripts.map((item) => [item.file, item.code]))).entries()) {
    const [file, code] = script;
    if (await pathExists(join(target, file))) continue;
    await writeSiteFile(target, file, code);
    written.push(`/${file}`);
  }
  for (const page of pages) {
    const current = await readFile(join(target, page.file), 'utf8').catch(() => null);
    if (current === page.html) continue;
    await writeSiteFile(target, page.file, page.html);
    written.push(`/${page.file}`);
  }
  return written;
}

/** Takes a merchant's folder out of the site (one rename), then deletes it; the URL paths it held. */
async function removeMerchant(target: string, slug: string, suffix: string): Promise<string[]> {
  const folder = join(target, slug);
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  const paths = entries
    .filter((entry) => entry.isFile() && !/\.(?:br|gz)$/.test(entry.name))
    .map((entry) => `/${relative(target, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  // Beside the site, named as removeDeadBuilds knows, so a process killed here leaves nothing it will not clear.
  const retired = join(dirname(target), `.${basename(target)}.gone-${suffix}`);
  await rename(folder, retired).catch(() => undefined);
  await rm(retired, { recursive: true, force: true });
  return paths;
}

/** Updates the site in outDir for the merchants that changed (see the file's comment). */
export async function updateSite({
  apiUrl,
  outDir,
  slugs,
  dataDir = process.env.DATA_DIR || './data',
  log = console.log,
}: UpdateSiteOptions): Promise<UpdateSiteResult> {
  const started = performance.now();
  const target = resolve(outDir);
  const needs = (reason: string): UpdateSiteResult => ({ updated: false, reason });
  const stamp = await readStamp(target);
  if (!stamp) return needs(`no site built in ${target}`);
  if (!stamp.renderer || !(await pathExists(join(RENDERERS_DIR, stamp.renderer, RENDERER_FILE)))) return needs('the site has no renderer kept');
  const record = await readMerchantsRecord(target);
  if (!record) return needs('the site has no merchant record');
  if ((await sourceHash()) !== stamp.sourceHash) return needs('the sources changed');
  const release = await lockSite(target, log);
  try {
    return await updateLocked(target, apiUrl, slugs, dataDir, log, started);
  } finally {
    await release();
  }
}

async function updateLocked(
  target: string,
  apiUrl: string,
  slugs: readonly string[] | undefined,
  dataDir: string,
  log: (line: string) => void,
  started: number,
): Promise<UpdateSiteResult> {
  // Read again under the lock: another process may have updated the site meanwhile.
  const stamp = await readStamp(target);
  const record = await readMerchantsRecord(target);
  if (!stamp?.renderer || !record) return { updated: false, reason: 'the site changed while waiting for it' };
  await removeDeadBuilds(target);

  const usable = (list: MerchantListing[]) => list.filter((merchant) => usableSlug(merchant.slug));
  let full = slugs === undefined ? usable(await fetchMerchantList(apiUrl)) : undefined;
  const asked =
    slugs === undefined ? [...new Set([...Object.keys(record), ...full!.map((merchant) => merchant.slug)])] : [...new Set(slugs)].filter(usableSlug);
  const fetched = full ?? usable(await fetchMerchantList(apiUrl, asked));
  const present = new Set(fetched.map((merchant) => merchant.slug));
  const changed = fetched.filter((merchant) => record[merchant.slug]?.page !== merchantHash(merchant));
  const removed = asked.filter((slug) => !present.has(slug) && slug in record);
  const home = removed.length > 0 || changed.some((merchant) => record[merchant.slug]?.home !== homeHash(merchant));
  if (changed.length === 0 && removed.length === 0) {
    return { updated: true, rendered: [], removed: [], home: false, changes: null, durationMs: performance.now() - started };
  }
  // The site root lists every merchant: only then is the whole list needed.
  if (home) full ??= usable(await fetchMerchantList(apiUrl));

  const suffix = () => `${process.pid}-${randomBytes(4).toString('hex')}`;
  const changedList = join(dirname(target), `.${basename(target)}.merchants-${suffix()}.json`);
  const fullList = join(dirname(target), `.${basename(target)}.merchants-${suffix()}.json`);
  try {
    await writeFileAtomic(changedList, JSON.stringify(changed));
    if (full) await writeFileAtomic(fullList, JSON.stringify(full));
    const renderer = await openRenderer(join(RENDERERS_DIR, stamp.renderer));
    const pages = await renderer.renderMerchants(
      changedList,
      changed.map((merchant) => merchant.slug),
    );
    if (home) pages.push(await renderer.renderHome(fullList));

    // Media, then scripts, then pages: a page never refers to a file not there yet.
    const touched = await copyMedia(changed, dataDir, target);
    touched.push(...(await writePages(target, pages)));
    for (const slug of removed) touched.push(...(await removeMerchant(target, slug, suffix())));

    for (const merchant of changed) record[merchant.slug] = recordedMerchant(merchant);
    for (const slug of removed) delete record[slug];
    await writeFileAtomic(join(target, MERCHANTS_RECORD), JSON.stringify(record));
    const builtAt = new Date().toISOString();
    const hashes = pageHashes(record);
    const next: BuildStamp = { ...stamp, merchantsHash: merchantsHashOf(hashes), merchantCount: Object.keys(hashes).length, builtAt };
    await writeFileAtomic(join(target, STAMP_FILE), `${JSON.stringify(next, null, 2)}\n`);
    const changes = await updateSiteChanges(target, touched, builtAt);
    const durationMs = performance.now() - started;
    log(
      `site updated in ${Math.round(durationMs)} ms: ${changed.length} merchant(s) rendered, ${removed.length} removed${home ? ', site root rendered' : ''}; ${changes.added.length} added, ${changes.changed.length} changed, ${changes.removed.length} removed`,
    );
    return { updated: true, rendered: changed.map((merchant) => merchant.slug), removed, home, changes, durationMs };
  } finally {
    await rm(changedList, { force: true });
    await rm(fullList, { force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { api: { type: 'string' }, out: { type: 'string' }, slug: { type: 'string', multiple: true }, all: { type: 'boolean' } },
  });
  const apiUrl = values.api ?? process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT || 4321}`;
  const outDir = resolve(values.out ?? process.env.SITE_OUT_DIR ?? 'dist');
  // Stopped half-way (the server shutting down): every file in place is whole (old or new); drop the half-written
  // temporaries and the lock. The merchants not yet recorded are rendered again by the next update.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      for (const file of temporaries) rmSync(file, { force: true });
      if (readFileSyncOr(siteLockFile(outDir)) === String(process.pid)) rmSync(siteLockFile(outDir), { force: true });
      process.exit(code);
    });
  }
  updateSite({ apiUrl, outDir, slugs: values.all ? undefined : (values.slug ?? []) })
    .then((result) => {
      if (!result.updated) {
        console.log(`site in ${outDir} needs a full build: ${result.reason}`);
        process.exitCode = NEEDS_FULL_BUILD;
      }
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    });
}
