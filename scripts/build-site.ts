import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MERCHANTS_FILE_ENV } from '../src/shared/merchants-file-env.ts';
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import { allFinished } from './all-finished.ts';
import { linkTree } from './copy-tree.ts';
import { RENDERER_DIR_ENV, RENDERER_FILE } from './keep-renderer.ts';
import { merchantsRecord, MERCHANTS_RECORD, pageHashes } from './site-merchants.ts';
import { claimRenderer, rendererName, RENDERERS_DIR } from './site-renderers.ts';
import { lockSite, updateSite } from './update-site.ts';
import { fetchMerchantList, usableSlug } from './fetch-merchants.ts';
import { writeFileAtomic } from './write-file-atomic.ts';
import { removeDeadBuilds } from './dead-builds.ts';
import { pathExists } from './path-exists.ts';
import { takePidLock } from './pid-lock.ts';
import { precompressSite, type PrecompressResult } from './precompress-site.ts';
import { renderSiteMerchants, writeMerchantChunks } from './render-site-merchants.ts';
import type { RenderTask } from './render-site-worker.ts';
import { COMPILE_SAMPLE } from './compile-sample.ts';
import { keepCompiledSite, reuseCompiledSite } from './site-compile-cache.ts';
import { CHANGES_FILE, hashSiteFiles, readHashes, writeSiteChanges, type FileHashes } from './site-changes.ts';
import { siteFolders, swapInSite } from './site-swap.ts';
import { merchantsHash, merchantsHashOf, PROJECT_ROOT, readStamp, sourceHash, STAMP_FILE, type BuildStamp } from './site-stamp.ts';

export { sourceHash } from './site-stamp.ts';
export { fetchMerchantList } from './fetch-merchants.ts';

/** The lock that keeps Astro builds of this project one at a time across processes. */
const BUILD_LOCK = join(PROJECT_ROOT, '.cache', 'astro-build.lock');
/** How long a build waits for another process's build before giving up. */
const BUILD_LOCK_WAIT_MS = 10 * 60_000;

/** What buildSite needs: where the API is and where the site goes. */
export interface BuildSiteOptions {
  /** Base URL of the booking API, e.g. http://127.0.0.1:4321. */
  apiUrl: string;
  /** The folder the site is served from (relative to the working directory). Default "dist". */
  outDir?: string;
  /** Progress lines. Default console.log. */
  log?: (line: string) => void;
  /** Where the server keeps imported media (its media/ folder is copied to /media). Default $DATA_DIR or ./data. */
  dataDir?: string;
  /** Where the fetched merchant list is cached for the pages. Default .cache/merchants.json in the project. */
  cacheFile?: string;
}

/** What a finished build produced. */
export interface BuildSiteResult {
  outDir: string;
  merchantCount: number;
  durationMs: number;
  stamp: BuildStamp;
}

/** True when outDir holds no built site, or one built from another merchant list or other sources. */
export async function siteIsStale({ merchants, outDir }: { merchants: readonly MerchantListing[]; outDir: string }): Promise<boolean> {
  const stamp = await readStamp(resolve(outDir));
  if (stamp === null) return true;
  return stamp.merchantsHash !== merchantsHash(merchants) || stamp.sourceHash !== (await sourceHash());
}

/** Seconds since `start` (performance.now()), for the build log. */
function seconds(start: number): string {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}

/**
 * Puts the server's media at media/ in `staging` (moved into the site being built once Astro, which empties its output,
 * has compiled it) and hashes them for site-files.json (a file the served site's record already has, by the same inode,
 * size and time, is not read). Linked, not copied: media are named by their content and never rewritten in place (a
 * new image is a new name, written beside and renamed). Resolves null when the server has no media.
 */
async function stageMedia(media: string, staging: string, served: string, log: (line: string) => void): Promise<Pick<FileHashes, 'files' | 'stamps'> | null> {
  if (!(await pathExists(media))) return null;
  const started = performance.now();
  const placed = await linkTree(media, join(staging, 'media'));
  const hashes = await hashSiteFiles(staging, await readHashes(served), 'media');
  log(`media: ${placed.linked} of ${placed.files} files linked (the rest copied) and hashed in ${seconds(started)}`);
  return hashes;
}

/**
 * Waits for, then takes, the project's build lock (a pid file). Astro builds of one project share folders
 * (.astro/.prerender when the output is outside the working directory), so two processes building sites
 * for two data folders at once would break each other. A lock left by a dead process is taken over.
 */
async function lockProjectBuild(log: (line: string) => void): Promise<() => Promise<void>> {
  const release = await takePidLock(BUILD_LOCK, { what: 'site build', waitMs: BUILD_LOCK_WAIT_MS, pollMs: 250, log });
  unfinished.add(BUILD_LOCK);
  return async () => {
    unfinished.delete(BUILD_LOCK);
    await release();
  };
}

/** Whether `child` is `parent` or inside it, segment by segment: /srv/couvert-site is not inside /srv/couvert. */
export function isInsideFolder(parent: string, child: string): boolean {
  const path = relative(resolve(parent), resolve(child));
  return path === '' || (path.split(sep)[0] !== '..' && !isAbsolute(path));
}

/**
 * The working directory Astro builds `outDir` from. Astro writes its prerender chunks, which import the project's
 * packages, into the output when the output's path begins with the working directory's as text, and into
 * {cwd}/.astro otherwise: an output beside the project whose path merely begins with the project's
 * (/srv/couvert-site beside /srv/couvert) would get them where no package can be found. An output outside the
 * project is built from a folder of the project whose path it cannot begin with.
 */
export function astroWorkingDir(outDir: string): string {
  return isInsideFolder(PROJECT_ROOT, outDir) ? PROJECT_ROOT : join(PROJECT_ROOT, '.cache', 'astro-outside');
}

/** Runs Astro's build of the site into outDir with the merchants of merchantsFile (the caller holds the project's build lock). */
async function runAstroBuild(outDir: string, merchantsFile: string, rendererDir: string): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const previous = process.env[MERCHANTS_FILE_ENV];
  process.env[MERCHANTS_FILE_ENV] = merchantsFile;
  process.env[RENDERER_DIR_ENV] = rendererDir;
  const workingDir = process.cwd();
  try {
    const astroDir = astroWorkingDir(outDir);
    await mkdir(astroDir, { recursive: true });
    process.chdir(astroDir);
    // Imported late so the telemetry switch is set before Astro reads its environment.
    const { build } = await import('astro');
    await build({ root: PROJECT_ROOT, outDir, mode: 'production', logLevel: 'warn' });
  } finally {
    process.chdir(workingDir);
    delete process.env[RENDERER_DIR_ENV];
    if (previous === undefined) delete process.env[MERCHANTS_FILE_ENV];
    else process.env[MERCHANTS_FILE_ENV] = previous;
  }
}

/** What compileSite left in the building folder. */
interface CompiledSite {
  /** Whether the page renderer was kept (if not, Astro rendered every merchant page itself). */
  kept: boolean;
  /** The shared files' compression and hashes. */
  shared: PrecompressResult;
}

/**
 * Puts the compiled site (shared pages, scripts, styles, precompressed) into `building` and its page renderer into
 * `rendererDir`: the compile kept from an earlier build of the same sources and settings, or Astro's build with the
 * sample merchants, whose pages are then removed and the result kept for the next build.
 */
async function compileSite(options: {
  building: string;
  hash: string;
  sampleList: string;
  /** This build's own list, once written (only Astro's fallback rendering of every page reads it). */
  ownList: Promise<string>;
  rendererDir: string;
  log: (line: string) => void;
}): Promise<CompiledSite> {
  const { building, hash, sampleList, ownList, rendererDir, log } = options;
  const started = performance.now();
  const release = await lockProjectBuild(log);
  try {
    const reused = await reuseCompiledSite(hash, building, rendererDir);
    if (reused) {
      log(`reused the site and page renderer compiled from the same sources and settings in ${seconds(started)}`);
      return { kept: true, shared: reused };
    }
    await runAstroBuild(building, sampleList, rendererDir);
    log(`compiled the site and its page renderer in ${seconds(started)}`);
    await Promise.all(COMPILE_SAMPLE.map((sample) => rm(join(building, sample.slug), { recursive: true, force: true })));
    if (!(await pathExists(join(rendererDir, RENDERER_FILE)))) {
      log(`no page renderer kept: prerendering every merchant page with Astro...`);
      await runAstroBuild(building, await ownList, rendererDir);
      return { kept: false, shared: await precompressSite(building) };
    }
    const compressStarted = performance.now();
    const shared = await precompressSite(building);
    log(`precompressed ${shared.files} shared pages, scripts and styles in ${seconds(compressStarted)}`);
    await keepCompiledSite(hash, building, rendererDir, shared);
    return { kept: true, shared };
  } finally {
    await release();
  }
}

// Astro's build is not re-entrant: builds asked for at the same time run one after the other.
let queue: Promise<unknown> = Promise.resolve();
// Folders being built, removed if the process is told to stop half-way; a swap in progress is let finish.
const unfinished = new Set<string>();
let swapping: Promise<void> | undefined;

/**
 * Builds the static site from the API's merchant list: caches the list, prerenders one page per
 * merchant into a fresh folder beside outDir, adds the media and a build stamp, then swaps the
 * folder into place so a server reading outDir never sees a half-built site.
 */
export function buildSite(options: BuildSiteOptions): Promise<BuildSiteResult> {
  const run = queue.then(() => buildSiteNow(options));
  queue = run.catch(() => undefined);
  return run;
}

/** The API's merchants whose slug can be a folder (the others said in the log). */
async function fetchUsableMerchants(apiUrl: string, log: (line: string) => void): Promise<MerchantListing[]> {
  const fetched = await fetchMerchantList(apiUrl);
  const merchants = fetched.filter((merchant) => {
    if (usableSlug(merchant?.slug)) return true;
    log(`skipping a merchant with an unusable slug: ${JSON.stringify(merchant?.slug)}`);
    return false;
  });
  log(`fetched ${fetched.length} merchants from ${apiUrl}`);
  return merchants;
}

/** What a full build renders from the API's list: the workers' tasks, the record of each merchant's pages, the stamp's part. */
interface ListedMerchants {
  tasks: RenderTask[];
  record: ReturnType<typeof merchantsRecord>;
  stampBase: Pick<BuildStamp, 'merchantsHash' | 'merchantCount'>;
}

/**
 * Fetches the merchants, caches the list (the shared cache and this build's own copy, `ownList`) and cuts it into the
 * page workers' chunk files in `chunks`; the parsed list is let go on return (at 100,000 merchants a good part of the
 * build's memory).
 */
async function listMerchants(apiUrl: string, cache: string, ownList: string, chunks: string, log: (line: string) => void): Promise<ListedMerchants> {
  const merchants = await fetchUsableMerchants(apiUrl, log);
  // 19 MB at 10,000 merchants: written twice, stringified once.
  const listJson = JSON.stringify(merchants);
  await writeFileAtomic(cache, listJson);
  await writeFileAtomic(ownList, listJson);
  const tasks = await writeMerchantChunks(merchants, chunks);
  tasks.push({ kind: 'home', file: ownList });
  const record = merchantsRecord(merchants);
  log(`prerendering ${merchants.length} merchant pages...`);
  // The record's page hashes are the merchants' hashes: each merchant hashed once.
  return { tasks, record, stampBase: { merchantsHash: merchantsHashOf(pageHashes(record)), merchantCount: merchants.length } };
}

async function buildSiteNow({
  apiUrl,
  outDir = 'dist',
  log = console.log,
  dataDir = process.env.DATA_DIR || './data',
  cacheFile = join(PROJECT_ROOT, '.cache', 'merchants.json'),
}: BuildSiteOptions): Promise<BuildSiteResult> {
  const started = performance.now();
  const target = resolve(outDir);
  const cache = resolve(cacheFile);
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  // A server stopped or killed during an earlier build left its staging folder and list beside the site.
  const removed = await removeDeadBuilds(target);
  if (removed.length > 0) log(`removed what interrupted builds left: ${removed.join(', ')}`);
  // This build's own copy of the list: the shared cache may be rewritten meanwhile by a build for another folder.
  const ownList = join(dirname(target), `.${basename(target)}.merchants-${suffix}.json`);

  const hash = await sourceHash();
  const renderer = rendererName(target, hash);
  const rendererDir = join(RENDERERS_DIR, renderer);
  const { building } = siteFolders(target, suffix);
  // The merchants cut into chunk files for the page workers, and the media staged: beside the site, named as removeDeadBuilds knows.
  const chunks = join(dirname(target), `.${basename(target)}.merchants-${process.pid}-${randomBytes(4).toString('hex')}`);
  const sampleList = join(chunks, 'sample.json');
  unfinished.add(building).add(ownList).add(chunks);
  try {
    await mkdir(chunks, { recursive: true });
    await writeFile(sampleList, JSON.stringify(COMPILE_SAMPLE));
    // The compile needs none of the merchants and the media none of the compile: all three start at once, and the
    // compile, mostly on one core, leaves the other to the list and the media's files.
    const listed = listMerchants(apiUrl, cache, ownList, chunks, log);
    const listWritten = listed.then(() => ownList);
    // Its failure is the list's, answered through `listed`.
    listWritten.catch(() => undefined);
    // The pages start once the compile and the list are done, whether or not the media are (225,000 files at 100,000
    // merchants take longer than both); the media go into the site once both are done.
    const [{ compressed, record, stampBase, kept }, stagedMedia] = await allFinished([
      (async () => {
        const [{ kept, shared }, { tasks, record, stampBase }] = await allFinished([
          compileSite({ building, hash, sampleList, ownList: listWritten, rendererDir, log }),
          listed,
        ]);
        if (!kept) return { compressed: shared, record, stampBase, kept };
        log(`rendering ${tasks.length - 1} chunks of merchants...`);
        const pagesStarted = performance.now();
        const pages = await renderSiteMerchants({ rendererDir, building, tasks });
        log(
          `rendered and precompressed ${pages.pages} merchant pages and the site root (${(pages.bytes / 1000).toFixed(0)} kB, ${(pages.brotliBytes / 1000).toFixed(0)} kB with Brotli; ${pages.parsed} parsed, ${pages.filled} shells filled from templates, the others prepared by replacement) in ${seconds(pagesStarted)}`,
        );
        const hashes = { files: { ...shared.hashes.files, ...pages.hashes.files }, stamps: { ...shared.hashes.stamps, ...pages.hashes.stamps } };
        return { compressed: { ...shared, hashes }, record, stampBase, kept };
      })(),
      stageMedia(join(resolve(dataDir), 'media'), chunks, target, log),
    ]);
    if (stagedMedia) await rename(join(chunks, 'media'), join(building, 'media'));
    const mediaHashes = stagedMedia ?? { files: {}, stamps: {} };

    const stamp: BuildStamp = {
      ...stampBase,
      sourceHash: hash,
      builtAt: new Date().toISOString(),
      ...(kept ? { renderer } : {}),
    };
    // What each merchant's pages were rendered from: a later change re-renders only the merchants that differ (scripts/update-site.ts).
    await writeFile(join(building, MERCHANTS_RECORD), JSON.stringify(record));
    await writeFile(join(building, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    // No update of the served site between its hashes read here and the swap (scripts/update-site.ts).
    const releaseSite = await lockSite(target, log);
    try {
      // For a CDN's purge: what this build changed against the site it replaces, by content hash.
      const changesStarted = performance.now();
      // The build's own record of every file it wrote: shared files and icons, pages, media.
      const changes = await writeSiteChanges(
        building,
        target,
        stamp.builtAt,
        { files: { ...compressed.hashes.files, ...mediaHashes.files }, stamps: { ...compressed.hashes.stamps, ...mediaHashes.stamps } },
        { whole: true },
      );
      log(`compared the site with the served one (its own hashes) in ${seconds(changesStarted)}`);
      log(
        changes.purgeAll
          ? `${CHANGES_FILE}: purge everything (${changes.previousBuiltAt ? 'the not-found page changed' : 'no previous build to compare with'})`
          : `${CHANGES_FILE}: ${changes.added.length} added, ${changes.changed.length} changed, ${changes.removed.length} removed`,
      );
      const swapStarted = performance.now();
      swapping = swapInSite(building, target, suffix);
      try {
        await swapping;
      } finally {
        swapping = undefined;
      }
      log(`swapped in, the previous build removed, in ${seconds(swapStarted)}`);
    } finally {
      await releaseSite();
    }
    if (kept) await claimRenderer(target, renderer);

    const durationMs = performance.now() - started;
    log(`site built in ${(durationMs / 1000).toFixed(1)} s into ${target}`);
    return { outDir: target, merchantCount: stamp.merchantCount, durationMs, stamp };
  } finally {
    await rm(building, { recursive: true, force: true });
    await rm(ownList, { force: true });
    await rm(chunks, { recursive: true, force: true });
    unfinished.delete(building);
    unfinished.delete(ownList);
    unfinished.delete(chunks);
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { api: { type: 'string' }, out: { type: 'string' }, 'if-stale': { type: 'boolean' } },
  });
  const apiUrl = values.api ?? process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT || 4321}`;
  const outDir = resolve(values.out ?? process.env.SITE_OUT_DIR ?? 'dist');
  const dataDir = resolve(process.env.DATA_DIR || './data');
  // Astro writes its prerender chunks, which import the project's packages, under the working directory
  // unless the output is there: from anywhere else (a server started in another folder) they fail to load.
  process.chdir(PROJECT_ROOT);
  // Stopped half-way (the server shutting down, Ctrl-C): the served site is untouched; drop the half-built one.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      void Promise.resolve(swapping)
        .catch(() => undefined)
        .finally(() => {
          for (const folder of unfinished) rmSync(folder, { recursive: true, force: true });
          process.exit(code);
        });
    });
  }
  const run = async () => {
    if (values['if-stale']) {
      if (!(await siteIsStale({ merchants: await fetchMerchantList(apiUrl), outDir }))) {
        console.log(`site in ${resolve(outDir)} is up to date`);
        return;
      }
      // Only merchants changed while nothing ran: their pages alone are rendered again.
      const update = await updateSite({ apiUrl, outDir, dataDir }).catch((error: unknown) => ({
        updated: false as const,
        reason: `the update failed (${error instanceof Error ? error.message : String(error)})`,
      }));
      if (update.updated) return;
      console.log(`full build: ${update.reason}`);
    }
    await buildSite({ apiUrl, outDir, dataDir });
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
