import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MERCHANTS_FILE_ENV } from '../src/lib/load-merchant-listing.ts';
import type { MerchantListing } from '../src/lib/merchant-listing.ts';
import {
  merchantsHash,
  PROJECT_ROOT,
  readStamp,
  sourceHash,
  STAMP_FILE,
  type BuildStamp,
} from './site-stamp.ts';

export { sourceHash } from './site-stamp.ts';

/** How long the merchant list may take to arrive (the spec's HTTP timeout). */
const FETCH_TIMEOUT_MS = 10_000;
// A slug becomes a folder name: anything else could escape the site or clash with its files.
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

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

/** Fetches GET {apiUrl}/api/booking/merchants and returns its merchants. */
export async function fetchMerchantList(apiUrl: string): Promise<MerchantListing[]> {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/booking/merchants`;
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body = (await response.json()) as { success?: unknown; merchants?: unknown };
  if (body.success !== true || !Array.isArray(body.merchants)) throw new Error(`GET ${url}: not a merchant list`);
  return body.merchants as MerchantListing[];
}

/** True when outDir holds no built site, or one built from another merchant list or other sources. */
export async function siteIsStale({ merchants, outDir }: { merchants: readonly MerchantListing[]; outDir: string }): Promise<boolean> {
  const stamp = await readStamp(resolve(outDir));
  if (stamp === null) return true;
  return stamp.merchantsHash !== merchantsHash(merchants) || stamp.sourceHash !== (await sourceHash());
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function writeFileAtomic(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

async function runAstroBuild(outDir: string, merchantsFile: string): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const previous = process.env[MERCHANTS_FILE_ENV];
  process.env[MERCHANTS_FILE_ENV] = merchantsFile;
  try {
    // Imported late so the telemetry switch is set before Astro reads its environment.
    const { build } = await import('astro');
    await build({ root: PROJECT_ROOT, outDir, mode: 'production', logLevel: 'warn' });
  } finally {
    if (previous === undefined) delete process.env[MERCHANTS_FILE_ENV];
    else process.env[MERCHANTS_FILE_ENV] = previous;
  }
}

// Astro's build is not re-entrant: builds asked for at the same time run one after the other.
let queue: Promise<unknown> = Promise.resolve();

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

  const fetched = await fetchMerchantList(apiUrl);
  const merchants = fetched.filter((merchant) => {
    if (typeof merchant?.slug === 'string' && SLUG.test(merchant.slug)) return true;
    log(`skipping a merchant with an unusable slug: ${JSON.stringify(merchant?.slug)}`);
    return false;
  });
  log(`fetched ${fetched.length} merchants from ${apiUrl}`);
  await writeFileAtomic(cache, JSON.stringify(merchants));

  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const building = join(dirname(target), `.${basename(target)}.building-${suffix}`);
  const retired = join(dirname(target), `.${basename(target)}.old-${suffix}`);
  try {
    log(`prerendering ${merchants.length} merchant pages...`);
    const renderStarted = performance.now();
    await runAstroBuild(building, cache);
    log(`prerendered in ${((performance.now() - renderStarted) / 1000).toFixed(1)} s`);

    const media = join(resolve(dataDir), 'media');
    if (await exists(media)) await cp(media, join(building, 'media'), { recursive: true });

    const stamp: BuildStamp = {
      merchantsHash: merchantsHash(merchants),
      sourceHash: await sourceHash(),
      merchantCount: merchants.length,
      builtAt: new Date().toISOString(),
    };
    await writeFile(join(building, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);

    const hadSite = await exists(target);
    if (hadSite) await rename(target, retired);
    try {
      await rename(building, target);
    } catch (error) {
      if (hadSite) await rename(retired, target);
      throw error;
    }
    if (hadSite) await rm(retired, { recursive: true, force: true });

    const durationMs = performance.now() - started;
    log(`site built in ${(durationMs / 1000).toFixed(1)} s into ${target}`);
    return { outDir: target, merchantCount: merchants.length, durationMs, stamp };
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { api: { type: 'string' }, out: { type: 'string' }, 'if-stale': { type: 'boolean' } },
  });
  const apiUrl = values.api ?? process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT || 4321}`;
  const outDir = values.out ?? process.env.SITE_OUT_DIR ?? 'dist';
  const run = async () => {
    if (values['if-stale'] && !(await siteIsStale({ merchants: await fetchMerchantList(apiUrl), outDir }))) {
      console.log(`site in ${resolve(outDir)} is up to date`);
      return;
    }
    await buildSite({ apiUrl, outDir });
  };
  run().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
