/**
 * A merchant's change reaches the built site without a full build: scripts/update-site.ts (a real child process, as the
 * server runs it) renders only that merchant's pages with the renderer the build kept, byte for byte as the build
 * would, leaves every other file alone, removes a merchant gone, and keeps hostile merchant text as text. One full build.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, siteIsStale } from '../../scripts/build-site.ts';
import type { SiteChanges } from '../../scripts/site-changes.ts';
import { readStamp } from '../../scripts/site-stamp.ts';
import type { MerchantListing, MerchantListResponse } from '../../src/shared/api/merchant-listing.ts';
import { runScript, type CommandResult } from '../process/processes.ts';
import { HOSTILE_MARKER, HOSTILE_TEXTS } from '../support/hostile-merchant.ts';
import { allElements, attribute, parsePage, textOf } from '../support/html-dom.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const original = (JSON.parse(await readFile(join(fixtures, 'merchants.json'), 'utf8')) as MerchantListResponse).merchants;
// What the fixture API serves; each test changes it as a provider would.
let merchants: MerchantListing[] = structuredClone(original);

let server: Server;
let apiUrl: string;
let work: string;
let outDir: string;

/** Every file of the site under `folder` (or that file) with its inode and modification time. */
async function fileStamps(folder = ''): Promise<Map<string, string>> {
  const root = join(outDir, folder);
  const files = (await stat(root)).isFile()
    ? [root]
    : (await readdir(root, { withFileTypes: true, recursive: true })).filter((item) => item.isFile()).map((item) => join(item.parentPath, item.name));
  const stamps = new Map<string, string>();
  for (const file of files) {
    const info = await stat(file, { bigint: true });
    stamps.set(relative(outDir, file), `${info.ino}:${info.mtimeNs}`);
  }
  return stamps;
}

function update(args: string[]): Promise<CommandResult> {
  return runScript('scripts/update-site.ts', ['--api', apiUrl, '--out', outDir, ...args], { DATA_DIR: join(fixtures, 'data') });
}

const changes = async (): Promise<SiteChanges> => JSON.parse(await readFile(join(outDir, 'site-changes.json'), 'utf8')) as SiteChanges;
const page = (path: string) => readFile(join(outDir, path), 'utf8');

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/booking/merchants') return void response.writeHead(404).end();
    const slugs = url.searchParams.get('slugs')?.split(',');
    const listed = slugs ? merchants.filter((merchant) => slugs.includes(merchant.slug)) : merchants;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, merchants: listed }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = await mkdtemp(join(tmpdir(), 'couvert-update-site-'));
  outDir = join(work, 'dist');
  await buildSite({ apiUrl, outDir, log: () => {}, dataDir: join(fixtures, 'data'), cacheFile: join(work, 'merchants.json') });
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

describe('updating the site for the merchants that changed', () => {
  test('a merchant rendered again comes out byte for byte as the full build wrote it, so no file is rewritten', async () => {
    const before = await fileStamps();
    // Forget what le-petit-zinc was rendered from: the update renders its pages and the site root again.
    const record = JSON.parse(await page('site-merchants.json')) as Record<string, unknown>;
    delete record['le-petit-zinc'];
    await writeFile(join(outDir, 'site-merchants.json'), JSON.stringify(record));
    const result = await update(['--slug', 'le-petit-zinc']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/1 merchant\(s\) rendered, 0 removed, site root rendered; 0 added, 0 changed, 0 removed/);
    const after = await fileStamps();
    for (const [file, stamp] of before) if (!/^(site-|build-stamp)/.test(file)) expect(after.get(file), file).toBe(stamp);
  }, 60_000);

  test('a changed description re-renders that merchant’s page only, with its compressed copies; other merchants’ files are untouched', async () => {
    const others = await fileStamps('le-petit-zinc');
    const home = await fileStamps('index.html');
    const previous = await changes();
    merchants = merchants.map((merchant) => (merchant.slug === 'trattoria-bella' ? { ...merchant, description: 'Nouvelle carte d’automne.' } : merchant));
    const result = await update(['--slug', 'trattoria-bella']);
    expect(result.code, result.stderr).toBe(0);

    const html = await page('trattoria-bella/index.html');
    expect(html).toContain('Nouvelle carte d’automne.');
    expect(brotliDecompressSync(await readFile(join(outDir, 'trattoria-bella/index.html.br'))).toString()).toBe(html);
    expect(await fileStamps('le-petit-zinc')).toEqual(others);
    expect(await fileStamps('index.html')).toEqual(home);
    expect(await changes()).toEqual({
      builtAt: expect.any(String),
      previousBuiltAt: previous.builtAt,
      purgeAll: false,
      added: [],
      changed: ['/trattoria-bella/index.html'],
      removed: [],
      purge: ['/trattoria-bella', '/trattoria-bella/', '/trattoria-bella/index.html'],
    });
    // The site is up to date for the new list: a server start builds nothing.
    expect(await siteIsStale({ merchants, outDir })).toBe(false);
  }, 60_000);

  test('several merchants changed at once (an import) are rendered by one update, their pages only, listed together', async () => {
    const others = await fileStamps('le-petit-zinc');
    const previous = await changes();
    const changedSlugs = ['trattoria-bella', 'soleil-levant'];
    merchants = merchants.map((merchant) =>
      changedSlugs.includes(merchant.slug) ? { ...merchant, description: `Carte d’hiver de ${merchant.slug}.` } : merchant,
    );
    const result = await update(changedSlugs.flatMap((slug) => ['--slug', slug]));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/2 merchant\(s\) rendered, 0 removed/);
    for (const slug of changedSlugs) expect(await page(`${slug}/index.html`)).toContain(`Carte d’hiver de ${slug}.`);
    expect(await fileStamps('le-petit-zinc')).toEqual(others);
    expect(await changes()).toMatchObject({
      previousBuiltAt: previous.builtAt,
      purgeAll: false,
      added: [],
      changed: ['/soleil-levant/index.html', '/trattoria-bella/index.html'],
      removed: [],
    });
  }, 60_000);

  test('a new merchant with hostile text gets its pages and a line on the site root, every text shown as text', async () => {
    const hostile: MerchantListing = {
      ...structuredClone(original[0]!),
      slug: 'chez-z',
      name: HOSTILE_TEXTS.name,
      description: HOSTILE_TEXTS.description,
      address: { ...original[0]!.address, city: HOSTILE_TEXTS.city },
    };
    merchants = [...merchants, hostile];
    const result = await update(['--slug', 'chez-z']);
    expect(result.code, result.stderr).toBe(0);
    expect((await changes()).added).toEqual(['/chez-z/booking_complete/index.html', '/chez-z/index.html', '/chez-z/validate/index.html']);
    expect((await changes()).changed).toEqual(['/index.html']);

    for (const path of ['chez-z/index.html', 'chez-z/validate/index.html', 'chez-z/booking_complete/index.html', 'index.html']) {
      const document = parsePage(await page(path));
      const elements = allElements(document);
      // Only the site's own script files and data blocks; no handler, no element the merchant's text would have made.
      for (const script of elements.filter((element) => element.tagName === 'script')) {
        const src = attribute(script, 'src');
        expect(src === null ? attribute(script, 'type') : src, path).toMatch(/^(\/[\w/.-]+\.js|application\/(ld\+)?json)$/);
      }
      expect(elements.flatMap((element) => element.attrs.filter((attr) => attr.name.startsWith('on'))).map((attr) => attr.name)).toEqual([]);
      expect(elements.filter((element) => element.tagName === 'iframe')).toEqual([]);
      expect(textOf(document), path).toContain('Chez Z<script>x</script>');
    }
    expect(textOf(parsePage(await page('chez-z/index.html')))).toContain(HOSTILE_TEXTS.description.slice(0, 200));
    for (const file of (await readdir(join(outDir, '_astro'))).filter((name) => name.endsWith('.js'))) {
      expect(await readFile(join(outDir, '_astro', file), 'utf8'), file).not.toContain(HOSTILE_MARKER);
    }
  }, 60_000);

  test('a merchant gone loses its folder and its line on the site root, found by comparing the whole list (a server start)', async () => {
    const others = await fileStamps('le-petit-zinc');
    merchants = merchants.filter((merchant) => merchant.slug !== 'soleil-levant');
    const result = await update(['--all']);
    expect(result.code, result.stderr).toBe(0);
    await expect(stat(join(outDir, 'soleil-levant'))).rejects.toThrow(/ENOENT/);
    expect(await page('index.html')).not.toContain('/soleil-levant');
    expect(await changes()).toMatchObject({
      removed: ['/soleil-levant/booking_complete/index.html', '/soleil-levant/index.html', '/soleil-levant/validate/index.html'],
      changed: ['/index.html'],
      added: [],
    });
    expect(await fileStamps('le-petit-zinc')).toEqual(others);
    expect(Object.keys(JSON.parse(await page('site-merchants.json')) as object).sort()).toEqual(merchants.map((merchant) => merchant.slug).sort());
    expect((await readStamp(outDir))?.merchantCount).toBe(merchants.length);
    expect(await siteIsStale({ merchants, outDir })).toBe(false);
  }, 60_000);

  test('a folder with no site built says it needs a full build', async () => {
    const result = await runScript('scripts/update-site.ts', ['--api', apiUrl, '--out', join(work, 'nothing'), '--slug', 'le-petit-zinc'], {});
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/needs a full build: no site built/);
  });
});
