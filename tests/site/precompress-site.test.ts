import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompresses, precompressSite, type PrecompressResult } from '../../scripts/precompress-site.ts';
import { IMMUTABLE_CACHE, NO_CACHE, PAGE_CACHE } from '../../src/server/routes/site-cache.ts';
import { decodeBody as decode, rawGet } from '../support/raw-get.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Compressible and above the size worth compressing.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
const page = (title: string) => `<!doctype html><title>${title}</title>${'<p>page</p>'.repeat(300)}`;
const MANIFEST = JSON.stringify({ name: 'Couvert', description: 'x'.repeat(2000) });
// Not compressed, though large enough: an image.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 7)]);

describe('which built files get compressed copies', () => {
  test.each([
    ['_astro/client.B4P0NEeq.js', true],
    ['_astro/Base.DIh4vBBT.css', true],
    ['images/status/pending.svg', true],
    ['manifest.webmanifest', true],
    ['sw.js', true],
    ['le-petit-zinc/index.html', true],
    ['404.html', true],
    ['media/le-petit-zinc/banner.svg', false],
    ['icons/icon-192.png', false],
  ])('%s: %s', (path, expected) => {
    expect(precompresses(path)).toBe(expected);
  });
});

describe('precompressing a built site', () => {
  let site: string;
  let t: TestServer;
  let result: PrecompressResult;

  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), 'couvert-precompress-'));
    await mkdir(join(site, '_astro'));
    await mkdir(join(site, 'le-petit-zinc', 'validate'), { recursive: true });
    await writeFile(join(site, '_astro', 'app.js'), SCRIPT);
    await writeFile(join(site, '_astro', 'tiny.js'), 'export{};');
    await writeFile(join(site, 'sw.js'), SCRIPT);
    await writeFile(join(site, 'manifest.webmanifest'), MANIFEST);
    await writeFile(join(site, 'le-petit-zinc', 'index.html'), page('zinc'));
    await writeFile(join(site, 'le-petit-zinc', 'validate', 'index.html'), page('validate'));
    await writeFile(join(site, '404.html'), page('not found'));
    await mkdir(join(site, 'icons'));
    await writeFile(join(site, 'icons', 'icon-192.png'), PNG);
    result = await precompressSite(site);
    t = await startTestServer({ siteDir: site, listen: true });
  });

  afterAll(async () => {
    await t?.close();
    await rm(site, { recursive: true, force: true });
  });

  test('a script and a page get a Brotli and a gzip copy with the same content; a tiny script gets none', async () => {
    expect((await readdir(join(site, '_astro'))).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'tiny.js']);
    expect((await readdir(join(site, 'le-petit-zinc'))).sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz', 'validate']);
    expect(gunzipSync(await readFile(join(site, '_astro', 'app.js.gz'))).toString()).toBe(SCRIPT);
    expect(brotliDecompressSync(await readFile(join(site, '_astro', 'app.js.br'))).toString()).toBe(SCRIPT);
    expect(brotliDecompressSync(await readFile(join(site, 'le-petit-zinc', 'index.html.br'))).toString()).toBe(page('zinc'));
  });

  test('every file is hashed on the way (sha256, by URL path, with its stamp), tiny ones and images too', async () => {
    const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');
    expect(result.hashes.files['/le-petit-zinc/validate/index.html']).toBe(sha256(page('validate')));
    expect(result.hashes.files['/_astro/tiny.js']).toBe(sha256('export{};'));
    expect(result.hashes.files['/icons/icon-192.png']).toBe(sha256(PNG));
    expect(await readdir(join(site, 'icons'))).toEqual(['icon-192.png']);
    expect(Object.keys(result.hashes.stamps).sort()).toEqual(Object.keys(result.hashes.files).sort());
    expect(Object.keys(result.hashes.files)).toHaveLength(8);
  });

  test.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('a browser accepting %s gets the script as %s, with its own type and caching', async (accepts, encoding) => {
    const response = await rawGet(`${t.url}/_astro/app.js`, accepts ? { 'accept-encoding': accepts } : {});
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(decode(response.body, encoding)).toBe(SCRIPT);
  });

  // A CDN keys its copies on the address and, told by Vary, on Accept-Encoding: every answer must say so.
  test.each([
    ['/le-petit-zinc', 'br, gzip', 200, 'br', 'zinc'],
    ['/le-petit-zinc/', 'gzip, deflate', 200, 'gzip', 'zinc'],
    ['/le-petit-zinc', 'identity', 200, undefined, 'zinc'],
    ['/le-petit-zinc', undefined, 200, undefined, 'zinc'],
    ['/le-petit-zinc', 'br;q=0, gzip', 200, 'gzip', 'zinc'],
    ['/le-petit-zinc', 'br;q=0, gzip;q=0', 200, undefined, 'zinc'],
    ['/le-petit-zinc/validate/a-token', 'br', 200, 'br', 'validate'],
    ['/le-petit-zinc/validate/a-token', undefined, 200, undefined, 'validate'],
    ['/no-such-merchant', 'gzip', 404, 'gzip', 'not found'],
    ['/no-such-merchant', undefined, 404, undefined, 'not found'],
  ])('GET %s accepting %s: %i as %s, with Vary, the page cache policy and the CSP', async (path, accepts, status, encoding, title) => {
    const response = await rawGet(`${t.url}${path}`, accepts ? { 'accept-encoding': accepts } : {});
    expect(response.status).toBe(status);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(response.headers['cache-control']).toBe(PAGE_CACHE);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(decode(response.body, encoding)).toContain(`<title>${title}</title>`);
  });

  test.each(['/sw.js', '/manifest.webmanifest'])('%s sent compressed is never cached long (no-cache)', async (path) => {
    const response = await rawGet(`${t.url}${path}`, { 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(NO_CACHE);
  });
});
