/**
 * Two server processes on one PostgreSQL database sharing one site folder (as `npm run start:cluster` runs them): their
 * builds take turns under the database's lock, and a merchant changed through one process is on the page the other
 * serves within the bound the site promises (5 s at worst; bench:build measures the median).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STAMP_FILE } from '../../scripts/site-stamp.ts';
import { fixtureMerchant } from './fixture-merchant.ts';
import { openTwoProcessWorld, type TwoProcessWorld } from './two-process-world.ts';

// Two processes share a database only on PostgreSQL: CI runs this file with DATABASE_URL set.
const POSTGRES_URL = process.env.DATABASE_URL;
const SLUG = 'site-two-processes';
const ADMIN_TOKEN = 'site-two-processes-admin-0123456789abcdef';
/** The worst case the site promises for a merchant's change to reach its page. */
const WORST_MS = 5_000;

let world: TwoProcessWorld | undefined;
let siteRoot: string | undefined;
let siteDir: string;
const definition = fixtureMerchant({ slug: SLUG, tables: 4, maxCoversPerSlot: 40 });

/** Resolves once `check` holds, asking every 50 ms; rejects after `timeoutMs`. The milliseconds it took. */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

describe.skipIf(!POSTGRES_URL)('the site of two processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    siteRoot = await mkdtemp(path.join(tmpdir(), 'couvert-site-two-'));
    siteDir = path.join(siteRoot, 'site');
    world = await openTwoProcessWorld({
      databaseUrl: POSTGRES_URL!,
      name: 'site-two-processes',
      merchant: definition,
      env: { BUILD_SITE: 'auto', ADMIN_TOKEN, SITE_DIR: siteDir },
    });
    // Both start a build; one builds under the lock, the other then finds the site up to date.
    await until(async () => existsSync(path.join(siteDir, STAMP_FILE)), 240_000, 'the first build');
  }, 300_000);

  afterAll(async () => {
    await world?.close();
    if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
  }, 30_000);

  test('a description changed through the second process is on the page the first serves within 5 s', { timeout: 120_000 }, async () => {
    const [a, b] = world!.servers;
    const page = async () => (await fetch(`${a.url}/${SLUG}`)).text();
    expect(await page()).not.toContain('Nouvelle carte des deux processus');

    const changed = await fetch(`${b.url}/api/admin/merchants/${SLUG}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...definition, description: 'Nouvelle carte des deux processus' }),
    });
    expect(changed.status, await changed.clone().text()).toBeLessThan(300);
    const tookMs = await until(
      async () => (await page()).includes('Nouvelle carte des deux processus'),
      WORST_MS,
      'the change on the other process\u2019s page',
    );
    console.log(`a change through process B reached process A's page in ${Math.round(tookMs)} ms`);
  });
});
