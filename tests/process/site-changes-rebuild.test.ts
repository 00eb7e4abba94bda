import { readFile, writeFile, cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SiteChanges } from '../../scripts/site-changes.ts';
import { cleanUp, REPO_ROOT, runMerchantCli, startServer, tempFolder, waitFor, type ServerProcess } from './processes.ts';

let work: string;
let siteDir: string;
let server: ServerProcess;

const readChanges = async (): Promise<SiteChanges> => JSON.parse(await readFile(path.join(siteDir, 'site-changes.json'), 'utf8')) as SiteChanges;

beforeAll(async () => {
  work = await tempFolder('site-changes');
  siteDir = path.join(work, 'site');
  server = await startServer({ DATA_DIR: path.join(work, 'data'), SITE_DIR: siteDir, BUILD_SITE: 'auto' }, 180_000);
}, 200_000);

afterAll(cleanUp, 30_000);

describe('the list of paths a build changed, for a CDN purge', () => {
  test('the first build has nothing to compare with: purge everything, every file added', async () => {
    const first = await readChanges();
    expect(first).toMatchObject({ previousBuiltAt: null, purgeAll: true, changed: [], removed: [] });
    expect(first.added).toEqual(expect.arrayContaining(['/le-petit-zinc/index.html', '/sakura-ramen/index.html', '/sw.js']));
  });

  test('after one merchant changed, the rebuild lists only that merchant page and the addresses to purge for it', async () => {
    const first = await readChanges();
    const folder = path.join(work, 'merchant');
    await cp(path.join(REPO_ROOT, 'scripts/demo-merchants'), folder, { recursive: true });
    const file = path.join(folder, 'sakura-ramen.json');
    const definition = JSON.parse(await readFile(file, 'utf8')) as { description: string };
    definition.description = 'Ramen du soir, nouvelle carte.';
    await writeFile(file, JSON.stringify(definition));
    const imported = await runMerchantCli(['import', file], { DATA_DIR: path.join(work, 'data') });
    expect(imported.code, imported.stderr).toBe(0);

    const second = await waitFor(
      async () => {
        const changes = await readChanges().catch(() => undefined);
        return changes && changes.builtAt !== first.builtAt ? changes : undefined;
      },
      180_000,
      'the rebuild after the import',
      250,
    );
    expect(second).toEqual({
      builtAt: expect.any(String),
      previousBuiltAt: first.builtAt,
      purgeAll: false,
      added: [],
      changed: ['/sakura-ramen/index.html'],
      removed: [],
      purge: ['/sakura-ramen', '/sakura-ramen/', '/sakura-ramen/index.html'],
    });
    // The page served is the new one, with its compressed copy.
    const page = await fetch(`${server.url}/sakura-ramen`, { headers: { 'accept-encoding': 'br' } });
    expect(await page.text()).toContain('Ramen du soir, nouvelle carte.');
  }, 200_000);
});
