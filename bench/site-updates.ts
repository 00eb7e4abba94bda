/**
 * The second half of `npm run bench:build`: once the site is built, changes one merchant at a time (every other change
 * its description, as an admin import would; the others a staff member closing a day, as the listing then gives it: one
 * more closed day) and times `node scripts/update-site.ts --slug …` (what the server runs after an import, past its 100 ms debounce) from its
 * start to the moment the new page is in place (a static server serves it from then on), and to the process's exit.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import { PROJECT_ROOT } from '../scripts/site-stamp.ts';
import { NODE_BIN } from '../tests/support/server-process.ts';

/** What a change did: a new description (an admin import) or one more closed day (a staff closing). */
export type ChangeKind = 'description' | 'closing';

/** One timed change. */
export interface UpdateTiming {
  slug: string;
  kind: ChangeKind;
  /** From the update's start to the new page being in place. */
  liveMs: number;
  /** From the update's start to its exit (bookkeeping done). */
  exitMs: number;
}

/** Median and maximum of a list of milliseconds. */
export function medianMax(values: readonly number[]): { median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, max: sorted.at(-1) ?? 0 };
}

/**
 * Changes `count` merchants spread over the list, one after another (`change` puts the new listing where the benchmark's
 * API serves it), each followed by one update process; resolves each update's timings.
 */
export async function timeUpdates(options: {
  apiUrl: string;
  siteDir: string;
  dataDir: string;
  merchants: MerchantListing[];
  change: (merchant: MerchantListing) => void;
  count: number;
}): Promise<UpdateTiming[]> {
  const timings: UpdateTiming[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const merchant = options.merchants[Math.floor((i * options.merchants.length) / options.count)]!;
    const kind: ChangeKind = i % 2 === 0 ? 'description' : 'closing';
    const page = path.join(options.siteDir, merchant.slug, 'index.html');
    const before = await readFile(page, 'utf8');
    options.change(kind === 'description' ? { ...merchant, description: `Nouvelle carte, changement ${i + 1}.` } : withClosedDay(merchant));
    const started = performance.now();
    const child = spawn(
      NODE_BIN,
      [path.join(PROJECT_ROOT, 'scripts', 'update-site.ts'), '--api', options.apiUrl, '--out', options.siteDir, '--slug', merchant.slug],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: options.dataDir },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let liveMs: number | undefined;
    let exitMs: number | undefined;
    void exited.then(() => (exitMs = performance.now() - started));
    while (liveMs === undefined) {
      const now = await readFile(page, 'utf8').catch(() => before);
      if (now !== before) liveMs = performance.now() - started;
      else if (exitMs !== undefined) throw new Error(`update ${i + 1} (${merchant.slug}) exited with ${await exited} before its page changed`);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const code = await exited;
    if (code !== 0) throw new Error(`update ${i + 1} (${merchant.slug}) exited with ${code}`);
    timings.push({ slug: merchant.slug, kind, liveMs, exitMs: exitMs ?? performance.now() - started });
  }
  return timings;
}

/** The merchant with tomorrow's date closed, as the listing gives a staff closing of the whole day (its page lists it). */
function withClosedDay(merchant: MerchantListing): MerchantListing {
  let day = new Date(Date.now() + 86_400_000);
  const closed = new Set(merchant.closedDays);
  while (closed.has(day.toISOString().slice(0, 10))) day = new Date(day.getTime() + 86_400_000);
  return { ...merchant, closedDays: [...merchant.closedDays, day.toISOString().slice(0, 10)].sort() };
}
