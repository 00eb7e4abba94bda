import { readdir, readFile, rm, stat, writeFile, cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SiteChanges } from '../../scripts/site-changes.ts';
import { RENDERERS_DIR } from '../../scripts/site-renderers.ts';
import { readStamp } from '../../scripts/site-stamp.ts';
import { HOSTILE_TEXTS, hostileMerchantDefinition } from '../support/hostile-merchant.ts';
import { allElements, attribute, parsePage, textOf } from '../support/html-dom.ts';
import { cleanUp, REPO_ROOT, runMerchantCli, startServer, tempFolder, waitFor, type ServerProcess } from './processes.ts';

const ADMIN_TOKEN = 'site-changes-admin-token-0123456789abcdef';
let work: string;
let siteDir: string;
let server: ServerProcess;

/** Each file under a folder of the site, with its inode and modification time: the same after a change means untouched. */
async function fileStamps(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(path.join(siteDir, folder), { withFileTypes: true, recursive: true });
  const stamps: Record<string, string> = {};
  for (const entry of entries.filter((item) => item.isFile())) {
    const info = await stat(path.join(entry.parentPath, entry.name), { bigint: true });
    stamps[path.relative(siteDir, path.join(entry.parentPath, entry.name))] = `${info.ino}:${info.mtimeNs}`;
  }
  return stamps;
}

const readChanges = async (): Promise<SiteChanges> => JSON.parse(await readFile(path.join(siteDir, 'site-changes.json'), 'utf8')) as SiteChanges;

beforeAll(async () => {
  work = await tempFolder('site-changes');
  siteDir = path.join(work, 'site');
  server = await startServer({ DATA_DIR: path.join(work, 'data'), SITE_DIR: siteDir, BUILD_SITE: 'auto', ADMIN_TOKEN }, 180_000);
}, 200_000);

afterAll(cleanUp, 30_000);

describe('the list of paths a build changed, for a CDN purge', () => {
  test('the first build has nothing to compare with: purge everything, every file added', async () => {
    const first = await readChanges();
    expect(first).toMatchObject({ previousBuiltAt: null, purgeAll: true, changed: [], removed: [] });
    expect(first.added).toEqual(expect.arrayContaining(['/le-petit-zinc/index.html', '/sakura-ramen/index.html', '/sw.js']));
  });

  test('after one merchant changed, only its page is rendered again, in place, listed with the addresses to purge for it', async () => {
    const first = await readChanges();
    const other = await fileStamps('le-petit-zinc');
    const folder = path.join(work, 'merchant');
    await cp(path.join(REPO_ROOT, 'scripts/demo-merchants'), folder, { recursive: true });
    const file = path.join(folder, 'sakura-ramen.json');
    const definition = JSON.parse(await readFile(file, 'utf8')) as { description: string };
    definition.description = 'Ramen du soir, nouvelle carte.';
    await writeFile(file, JSON.stringify(definition));
    const importStarted = performance.now();
    const imported = await runMerchantCli(['import', file], { DATA_DIR: path.join(work, 'data') });
    expect(imported.code, imported.stderr).toBe(0);
    const served = await waitFor(
      async () => (await (await fetch(`${server.url}/sakura-ramen`)).text()).includes('Ramen du soir, nouvelle carte.'),
      60_000,
      'the new description served',
      50,
    );
    // The import's command and the update's process both start Node: what the provider waits for, on this machine now.
    console.log(`import to page served: ${Math.round(performance.now() - importStarted)} ms`);
    expect(served).toBe(true);

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
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('Ramen du soir, nouvelle carte.');
    // No full build: another merchant's files are the very same files.
    expect(await fileStamps('le-petit-zinc')).toEqual(other);
  }, 200_000);

  test('a new merchant put through the admin API gets its pages, every hostile text shown as text, other merchants untouched', async () => {
    const other = await fileStamps('le-petit-zinc');
    const put = await fetch(`${server.url}/api/admin/merchants/chez-z`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(hostileMerchantDefinition('chez-z')),
    });
    expect(put.status, await put.text()).toBe(201);
    for (const address of ['/chez-z', '/chez-z/validate/x', '/chez-z/booking_complete/x']) {
      const html = await waitFor(
        async () => {
          const response = await fetch(`${server.url}${address}`);
          return response.status === 200 ? response.text() : undefined;
        },
        60_000,
        `${address} served`,
        50,
      );
      const elements = allElements(parsePage(html));
      for (const script of elements.filter((element) => element.tagName === 'script')) {
        const src = attribute(script, 'src');
        expect(src === null ? attribute(script, 'type') : src, address).toMatch(/^(\/[\w/.-]+\.js|application\/(ld\+)?json)$/);
      }
      expect(elements.flatMap((element) => element.attrs.filter((attr) => attr.name.startsWith('on')))).toEqual([]);
      expect(textOf(parsePage(html)), address).toContain('Chez Z<script>x</script>');
    }
    expect(await (await fetch(`${server.url}/`)).text()).toContain('href="/chez-z"');
    expect(textOf(parsePage(await (await fetch(`${server.url}/chez-z`)).text()))).toContain(HOSTILE_TEXTS.description.slice(0, 100));
    expect(await fileStamps('le-petit-zinc')).toEqual(other);
  }, 90_000);

  test('without the kept renderer a change builds the whole site again, which keeps a renderer for the next change', async () => {
    const before = await readStamp(siteDir);
    expect(before?.renderer).toBeDefined();
    await rm(path.join(RENDERERS_DIR, before!.renderer!), { recursive: true, force: true });
    const other = await fileStamps('le-petit-zinc');
    const definition = hostileMerchantDefinition('chez-z');
    const put = (description: string) =>
      fetch(`${server.url}/api/admin/merchants/chez-z`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...definition, description }),
      });
    const served = (text: string) => waitFor(async () => (await (await fetch(`${server.url}/chez-z`)).text()).includes(text), 180_000, `"${text}" served`, 250);
    expect((await put('Après la reconstruction.')).status).toBe(200);
    await served('Après la reconstruction.');
    // A full build: a new folder swapped in, every file new.
    expect(await fileStamps('le-petit-zinc')).not.toEqual(other);
    const rebuilt = await readStamp(siteDir);
    expect(rebuilt?.renderer).toBe(before!.renderer);

    const kept = await fileStamps('le-petit-zinc');
    expect((await put('Et de nouveau en place.')).status).toBe(200);
    await served('Et de nouveau en place.');
    expect(await fileStamps('le-petit-zinc')).toEqual(kept);
  }, 200_000);
});
