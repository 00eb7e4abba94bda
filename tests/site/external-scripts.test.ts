import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { externalizeInlineScripts, externalizeSiteScripts, scriptFileName } from '../../scripts/external-scripts.ts';

const RUNTIME = '(()=>{customElements.define("astro-island",class extends HTMLElement{})})();';

describe('moving inline scripts out of the built pages (CSP script-src self)', () => {
  test('an inline script becomes a deferred reference to a file named by its content', () => {
    const { html, scripts } = externalizeInlineScripts(`<head><script>${RUNTIME}</script></head>`);
    const file = scriptFileName(RUNTIME);
    expect(file).toMatch(/^_astro\/inline-[0-9a-f]{16}\.js$/);
    expect(html).toBe(`<head><script defer src="/${file}"></script></head>`);
    expect(scripts).toEqual([{ file, code: RUNTIME }]);
  });

  test.each([
    ['async', '<script async>go()</script>', /^<script async src="[^"]+"><\/script>$/],
    ['defer', '<script defer>go()</script>', /^<script defer src="[^"]+"><\/script>$/],
  ])('a classic script already marked %s is not given defer too', (_case, page, expected) => {
    expect(externalizeInlineScripts(page).html).toMatch(expected);
  });

  test('a module script stays a module', () => {
    const { html } = externalizeInlineScripts('<script type="module">import("/x.js")</script>');
    expect(html).toMatch(/^<script type="module" src="\/_astro\/inline-[0-9a-f]{16}\.js"><\/script>$/);
  });

  test.each([
    ['an external script', '<script src="/lang-boot.js"></script>'],
    ['a JSON data element', '<script type="application/json" id="merchant-data">{"a":"<\\u002fscript>"}</script>'],
    ['an empty script', '<script></script>'],
  ])('%s is left alone', (_case, page) => {
    expect(externalizeInlineScripts(page)).toEqual({ html: page, scripts: [] });
  });

  test('the same script on two pages is written once, and no page keeps an inline script', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'couvert-external-scripts-'));
    try {
      await mkdir(join(dir, '_astro'));
      await mkdir(join(dir, 'le-petit-zinc'));
      await writeFile(join(dir, 'index.html'), `<body><script>${RUNTIME}</script></body>`);
      await writeFile(join(dir, 'le-petit-zinc', 'index.html'), `<body><script>${RUNTIME}</script><script>console.log(1)</script></body>`);
      expect(await externalizeSiteScripts(dir)).toBe(2);
      for (const page of ['index.html', 'le-petit-zinc/index.html']) {
        expect(await readFile(join(dir, page), 'utf8')).not.toMatch(/<script>/);
      }
      expect(await readFile(join(dir, scriptFileName(RUNTIME)), 'utf8')).toBe(RUNTIME);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
