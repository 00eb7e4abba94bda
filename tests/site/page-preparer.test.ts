import { describe, expect, test } from 'vitest';
import { preparePage } from '../../scripts/external-scripts.ts';
import { pagePreparer } from '../../scripts/page-preparer.ts';

const RUNTIME = '(()=>{customElements.define("astro-island",class extends HTMLElement{})})();';
const LOADER = '(()=>{(self.Astro||(self.Astro={})).load=1})();';
const ISLAND_STYLE = '<style>astro-island,astro-slot{display:contents}</style>';

/** A page shaped as Astro writes a merchant's: data blocks, external scripts, the island runtime and style in the body. */
function merchantPage(text: string, json = '{"name":"x"}'): string {
  return (
    `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>${text}</title><script src="/lang-boot.js"></script>` +
    `<script type="application/json" id="merchant-data">${json}</script></head>` +
    `<body><header><h1>${text}</h1></header><main>${ISLAND_STYLE}<script>${RUNTIME}</script><script>${LOADER}</script>` +
    `<astro-island props="{&quot;t&quot;:&quot;${text}&quot;}"><p>${text}</p><!--astro:end--></astro-island></main>` +
    `<script type="module" src="/_astro/boot.js"></script></body></html>`
  );
}

describe('preparing pages by replacing what the first page of a kind showed', () => {
  test('the first page is parsed, the next ones replaced, each as a parse of it makes it', () => {
    const preparer = pagePreparer();
    for (const text of ['Chez A', 'Chez B &amp; fils', 'Chez C']) {
      const page = merchantPage(text);
      expect(preparer.prepare(page)).toEqual(preparePage(page));
    }
    expect(preparer.counts).toEqual({ parsed: 1, replaced: 2 });
    expect(preparer.prepare(merchantPage('x')).html).toContain(`${ISLAND_STYLE}</head>`);
  });

  test('merchant text as Astro writes it, even spelling out the replaced elements, is left as it is, the page still not parsed', () => {
    const preparer = pagePreparer();
    preparer.prepare(merchantPage('first'));
    const spelled = `<script>${RUNTIME}</script>${ISLAND_STYLE}`;
    // Astro escapes & < > " in text, only & and " in attribute values; the pages' JSON escapes <.
    const text = spelled.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
    const value = spelled.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    const json = JSON.stringify({ name: spelled }).replaceAll('<', '\\u003c');
    const page = merchantPage(text, json).replace('<h1>', `<h1 title="${value}" data-x="${value}">`);
    expect(preparer.prepare(page)).toEqual(preparePage(page));
    expect(preparer.prepare(page).html).toContain(`<h1 title="${value}" data-x="${value}">${text}</h1>`);
    expect(preparer.counts).toEqual({ parsed: 1, replaced: 2 });
  });

  test.each([
    ['an end of head in capitals', merchantPage('x').replace('</head>', '</HEAD >')],
    ['a comment holding the replaced elements', merchantPage('x').replace('<main>', `<main><!--<script>${RUNTIME}</script>${ISLAND_STYLE}-->`)],
    ['a textarea holding them', merchantPage('x').replace('<main>', `<main><textarea><script>${RUNTIME}</script>${ISLAND_STYLE}</textarea>`)],
    ['a template holding them', merchantPage('x').replace('</main>', `<template><script>${RUNTIME}</script>${ISLAND_STYLE}</template></main>`)],
    ['a data block holding them after an escaped comment opening', merchantPage('x', '{"a":"\\u003c!--"}')],
  ])('a page with %s is read by the scan, and comes out as a parse makes it', (_case, page) => {
    const preparer = pagePreparer();
    preparer.prepare(merchantPage('first'));
    expect(preparer.prepare(page)).toEqual(preparePage(page));
    expect(preparer.counts).toEqual({ parsed: 1, replaced: 1 });
  });

  test.each([
    ['an inline script not seen before', merchantPage('x').replace('</main>', '<script>other()</script></main>')],
    ['a body <style> not seen before', merchantPage('x').replace('</main>', '<style>p{}</style></main>')],
    ['a script start tag not seen before', merchantPage('x').replace('<script src="/lang-boot.js">', '<script src="/other.js">')],
    ['text in the head (the parser opens the body there)', merchantPage('x', `{"a":"<script>${RUNTIME}</script>"}`)],
    ['an element of the body in the head', merchantPage('x').replace('</head>', '<p>x</p></head>')],
    ['a style inside SVG', merchantPage('x').replace('</main>', `<svg>${ISLAND_STYLE}</svg></main>`)],
    ['a script whose text opens a comment', merchantPage('x', '{"a":"<!--"}')],
    ['a comment the tokenizer ends early', merchantPage('x').replace('<main>', '<main><!-->')],
    ['a comment ended by --!>', merchantPage('x').replace('<main>', `<main><!-- --!><script>other()</script> -->`)],
    ['a processing instruction (a comment to HTML)', merchantPage('x').replace('<main>', `<main><?x <script>${RUNTIME}</script> ?>`)],
  ])('a page with %s is parsed instead, and comes out as a parse makes it', (_case, page) => {
    const preparer = pagePreparer();
    preparer.prepare(merchantPage('first'));
    expect(preparer.prepare(page)).toEqual(preparePage(page));
    expect(preparer.counts).toEqual({ parsed: 2, replaced: 0 });
  });

  test('a page with no script and no body style is given back as it is', () => {
    const page = '<!DOCTYPE html><html><head><title>t</title></head><body><p>hello</p></body></html>';
    const preparer = pagePreparer();
    expect(preparer.prepare(page)).toEqual({ html: page, scripts: [] });
  });
});
