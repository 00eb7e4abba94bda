import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { hoistBodyStyles } from '../../scripts/body-styles.ts';
import { externalizeInlineScripts, externalizeSiteScripts, preparePage, scriptFileName } from '../../scripts/external-scripts.ts';

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

  test('preparePage, in one parse, gives what hoisting the body styles then moving the scripts gives', () => {
    const pages = [
      '<!doctype html><html><head><script>a()</script></head><body><p>x</p><style>p{}</style><script>b()</script><svg><style>q</style></svg><script type="module">c()</script></body></html>',
      '<html><head><title>&lt;script&gt;</title></head><body data-x="<script>"><style>a{}</style><template><script>t()</script></template><script src="/x.js"></script></body></html>',
      '<html><head></head><body><p title="<style>">no style, no script</p></body></html>',
    ];
    for (const page of pages) expect(preparePage(page)).toEqual(externalizeInlineScripts(hoistBodyStyles(page)));
    expect(preparePage(pages[0]!).html).toContain('<style>p{}</style></head>');
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

  test.each([
    ['a double-quoted attribute value', '<img alt="Chez Z<script>x</script><script>alert(1)</script>">'],
    ['a single-quoted attribute value', "<img alt='<script>alert(1)</script>'>"],
    ['an attribute value with entities', '<img data-l10n="{&quot;alt&quot;:{&quot;fr&quot;:&quot;<script>alert(1)</script>&quot;}}">'],
    ['a comment', '<!-- <script>alert(1)</script> -->'],
    ['a title', '<title>Chez Z<script>alert(1)</script></title>'],
    ['a textarea', '<textarea><script>alert(1)</script></textarea>'],
    ['a style element', '<style>/* <script>alert(1)</script> */</style>'],
    ['noscript (raw text where scripts run)', '<noscript><script>alert(1)</script></noscript>'],
    ['a JSON data element', '<script type="application/json">{"name":"<script>alert(1)<\\/script>"}</script>'],
    ['an SVG script (not an HTML script: left inline, the CSP blocks it)', '<svg><script>alert(1)</script></svg>'],
    ['a script of another language', '<script type="text/vbscript">alert(1)</script><script language="vbscript">alert(1)</script>'],
    ['a script type with spaces inside', '<script type="text/ javascript">alert(1)</script>'],
    ['an external script with code between its tags', '<script src="/lang-boot.js">alert(1)</script>'],
  ])('script-looking text in %s is left byte for byte, and the real script after it still moves', (_case, hostile) => {
    const page = `<!doctype html><html><head>${hostile}</head><body><p>é😀\r\n</p><script>${RUNTIME}</script></body></html>`;
    const { html, scripts } = externalizeInlineScripts(page);
    expect(scripts).toEqual([{ file: scriptFileName(RUNTIME), code: RUNTIME }]);
    expect(html).toBe(page.replace(`<script>${RUNTIME}</script>`, `<script defer src="/${scriptFileName(RUNTIME)}"></script>`));
  });

  test('a logo alt holding script tags keeps its whole value: the attribute is not ended by the rewrite', () => {
    const name = 'Chez Z<script>x</script><script>alert(1)</script>';
    const { html, scripts } = externalizeInlineScripts(`<img src="/media/logo.png" alt="${name}"><script>${RUNTIME}</script>`);
    expect(scripts.map((script) => script.code)).toEqual([RUNTIME]);
    expect(html).toContain(`alt="${name}">`);
  });

  test('a "</script" inside a script ends it where a browser ends it, and the rest stays text', () => {
    const { html, scripts } = externalizeInlineScripts('<body><script>var s = "</script><p>after</p></body>');
    expect(scripts.map((script) => script.code)).toEqual(['var s = "']);
    expect(html).toBe(`<body><script defer src="/${scriptFileName('var s = "')}"></script><p>after</p></body>`);
  });

  test('a script left open at the end of the page is not taken for one of ours', () => {
    const page = '<body><script>alert(1)';
    expect(externalizeInlineScripts(page)).toEqual({ html: page, scripts: [] });
  });

  test.each([
    ['upper case tags', '<SCRIPT>go()</SCRIPT>', '<SCRIPT defer src="/F"></script>'],
    ['an end tag with spaces', '<script>go()</script  >', '<script defer src="/F"></script>'],
    ['a self-closing slash (ignored in HTML)', '<script/>go()</script>', '<script defer src="/F"></script>'],
    ['a JavaScript MIME type', '<script type=" Text/JavaScript ">go()</script>', '<script type=" Text/JavaScript " defer src="/F"></script>'],
    ['a script in a template', '<template><script>go()</script></template>', '<template><script defer src="/F"></script></template>'],
  ])('an inline script written with %s moves', (_case, page, expected) => {
    const { html, scripts } = externalizeInlineScripts(page);
    expect(scripts).toEqual([{ file: scriptFileName('go()'), code: 'go()' }]);
    expect(html).toBe(expected.replace('/F', `/${scriptFileName('go()')}`));
  });

  test.each([
    ['in this thread', { workers: 1 }],
    ['shared among worker threads', { workers: 2, pagesPerWorker: 1 }],
  ])('the same script on two pages is written once, and no page keeps an inline script (%s)', async (_how, options) => {
    const dir = await mkdtemp(join(tmpdir(), 'couvert-external-scripts-'));
    try {
      await mkdir(join(dir, '_astro'));
      await mkdir(join(dir, 'le-petit-zinc'));
      await writeFile(join(dir, 'index.html'), `<body><script>${RUNTIME}</script></body>`);
      await writeFile(join(dir, 'le-petit-zinc', 'index.html'), `<body><script>${RUNTIME}</script><script>console.log(1)</script></body>`);
      expect(await externalizeSiteScripts(dir, options)).toBe(2);
      // Script files are renamed into place: no temporary file is left beside them.
      expect((await readdir(join(dir, '_astro'))).sort()).toEqual(
        [scriptFileName('console.log(1)'), scriptFileName(RUNTIME)].map((file) => file.slice('_astro/'.length)).sort(),
      );
      for (const page of ['index.html', 'le-petit-zinc/index.html']) {
        expect(await readFile(join(dir, page), 'utf8')).not.toMatch(/<script>/);
      }
      expect(await readFile(join(dir, scriptFileName(RUNTIME)), 'utf8')).toBe(RUNTIME);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
