import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompresses, precompressSite } from '../../scripts/precompress-site.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Compressible and above the size worth compressing.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;

describe('which built files get compressed copies', () => {
  test.each([
    ['_astro/client.B4P0NEeq.js', true],
    ['_astro/Base.DIh4vBBT.css', true],
    ['images/status/pending.svg', true],
    ['manifest.webmanifest', true],
    ['sw.js', true],
    ['le-petit-zinc/index.html', false],
    ['404.html', false],
    ['media/le-petit-zinc/banner.svg', false],
    ['icons/icon-192.png', false],
  ])('%s: %s', (path, expected) => {
    expect(precompresses(path)).toBe(expected);
  });
});

describe('precompressing a built site', () => {
  let site: string;
  let t: TestServer;

  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), 'couvert-precompress-'));
    await mkdir(join(site, '_astro'));
    await mkdir(join(site, 'le-petit-zinc'));
    await writeFile(join(site, '_astro', 'app.js'), SCRIPT);
    await writeFile(join(site, '_astro', 'tiny.js'), 'export{};');
    await writeFile(join(site, 'sw.js'), SCRIPT);
    await writeFile(join(site, 'le-petit-zinc', 'index.html'), `<!doctype html><title>x</title>${'<p>page</p>'.repeat(300)}`);
    await precompressSite(site);
    t = await startTestServer({ siteDir: site, listen: true });
  });

  afterAll(async () => {
    await t?.close();
    await rm(site, { recursive: true, force: true });
  });

  test('a script gets a Brotli and a gzip copy with the same content; a tiny script and the pages get none', async () => {
    expect((await readdir(join(site, '_astro'))).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'tiny.js']);
    expect(await readdir(join(site, 'le-petit-zinc'))).toEqual(['index.html']);
    expect(gunzipSync(await readFile(join(site, '_astro', 'app.js.gz'))).toString()).toBe(SCRIPT);
    expect(brotliDecompressSync(await readFile(join(site, '_astro', 'app.js.br'))).toString()).toBe(SCRIPT);
  });

  test.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('a browser accepting %s gets the script as %s, with its own type and caching', async (accepts, encoding) => {
    const response = await fetch(`${t.url}/_astro/app.js`, { headers: { 'accept-encoding': accepts } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/);
    // fetch decodes what it is sent: the same script whatever the encoding.
    expect(await response.text()).toBe(SCRIPT);
  });

  test('the service worker sent compressed keeps its no-cache header', async () => {
    const response = await fetch(`${t.url}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  test('a page without compressed copies is still sent, with its Content-Security-Policy', async () => {
    const response = await fetch(`${t.url}/le-petit-zinc`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(await response.text()).toMatch(/<title>x<\/title>/);
  });
});
