import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite } from '../../scripts/build-site.ts';
import { COMPILE_SAMPLE } from '../../scripts/compile-sample.ts';
import { COMPILES_DIR_ENV } from '../../scripts/site-compile-cache.ts';
import { BOOKKEEPING_FILES } from '../../scripts/site-changes.ts';
import type { MerchantListResponse } from '../../src/shared/api/merchant-listing.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const listing = JSON.parse(await readFile(join(fixtures, 'merchants.json'), 'utf8')) as MerchantListResponse;

let server: Server;
let apiUrl: string;
let work: string;
const logs: Record<'first' | 'second', string[]> = { first: [], second: [] };

async function build(name: 'first' | 'second'): Promise<void> {
  await buildSite({
    apiUrl,
    outDir: join(work, name),
    log: (line) => logs[name].push(line),
    dataDir: join(fixtures, 'data'),
    cacheFile: join(work, `${name}.json`),
  });
}

/** Every file of a built site by path, but the build's own records (stamp, hashes, changes: times and inodes). */
async function siteFiles(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    if (!entry.isFile() || BOOKKEEPING_FILES.has(entry.name)) continue;
    files.set(relative(dir, join(entry.parentPath, entry.name)), await readFile(join(entry.parentPath, entry.name)));
  }
  return files;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(listing));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = await mkdtemp(join(tmpdir(), 'couvert-compile-'));
  // Compiles of its own: the project's may already hold this one.
  process.env[COMPILES_DIR_ENV] = join(work, 'compiles');
  await build('first');
  await build('second');
}, 240_000);

afterAll(async () => {
  delete process.env[COMPILES_DIR_ENV];
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

describe('the compile kept between full builds', () => {
  test('the first build compiles the site, the next one with the same sources and settings reuses it', () => {
    expect(logs.first.some((line) => line.startsWith('compiled the site and its page renderer in'))).toBe(true);
    expect(logs.second.some((line) => line.startsWith('reused the site and page renderer compiled from the same sources and settings'))).toBe(true);
    expect(logs.second.some((line) => line.startsWith('compiled the site'))).toBe(false);
  });

  test('a build from the kept compile writes the same site, byte for byte, as the build that compiled it', async () => {
    const [first, second] = await Promise.all([siteFiles(join(work, 'first')), siteFiles(join(work, 'second'))]);
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    const differing = [...first].filter(([path, content]) => !second.get(path)?.equals(content)).map(([path]) => path);
    expect(differing).toEqual([]);
    for (const merchant of listing.merchants) expect(first.has(join(merchant.slug, 'index.html'))).toBe(true);
  });

  test('neither the kept compile nor the site holds a page of the made-up merchants Astro compiled with', async () => {
    const kept = await readdir(join(work, 'compiles'), { recursive: true });
    const sites = [...(await siteFiles(join(work, 'first'))).keys(), ...(await siteFiles(join(work, 'second'))).keys()];
    for (const sample of COMPILE_SAMPLE) {
      expect(kept.filter((path) => path.includes(sample.slug))).toEqual([]);
      expect(sites.filter((path) => path.includes(sample.slug))).toEqual([]);
      expect(await readFile(join(work, 'second', 'index.html'), 'utf8')).not.toContain(sample.slug);
    }
  });
});
