import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const images = join(import.meta.dirname, '..', '..', 'public', 'images');
const statusFiles = ['draft', 'pending', 'confirmed', 'refused', 'finished', 'cancelled'].map((name) => `status/${name}.svg`);
const allFiles = [...statusFiles, 'avatar.svg'];
const maxBytes = 6 * 1024;
const reducedMotionGuard = /@media\s*\(\s*prefers-reduced-motion\s*:\s*no-preference\s*\)\s*\{/g;

function read(file: string): string {
  return readFileSync(join(images, file), 'utf8');
}

function styleOf(svg: string): string {
  return [...svg.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('\n');
}

/** Splits CSS into what sits inside `prefers-reduced-motion: no-preference` blocks and what sits outside. */
function splitByMotionGuard(css: string): { guarded: string; unguarded: string } {
  let guarded = '';
  let unguarded = '';
  let cursor = 0;
  for (const match of css.matchAll(reducedMotionGuard)) {
    const open = match.index + match[0].length;
    let depth = 1;
    let end = open;
    while (depth > 0 && end < css.length) {
      if (css[end] === '{') depth += 1;
      if (css[end] === '}') depth -= 1;
      end += 1;
    }
    unguarded += css.slice(cursor, match.index);
    guarded += css.slice(open, end - 1);
    cursor = end;
  }
  unguarded += css.slice(cursor);
  return { guarded, unguarded };
}

describe('status illustrations', () => {
  test.each(allFiles)('%s exists and weighs under 6 kB', (file) => {
    expect(statSync(join(images, file)).size).toBeLessThan(maxBytes);
  });

  test.each(allFiles)('%s is an SVG document with a non-empty <title>', (file) => {
    const svg = read(file);
    expect(svg).toMatch(/^\s*(<\?xml[^>]*>\s*)?<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/<title[^>]*>\s*\S[^<]*<\/title>/);
  });

  test.each(allFiles)('%s carries no script and no event handler', (file) => {
    const svg = read(file);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
  });

  test.each(allFiles)('%s makes no external http(s) reference', (file) => {
    // The SVG namespace URI is an identifier, never fetched, and <img> needs it to render at all.
    const svg = read(file).replace(/\sxmlns(:\w+)?="[^"]*"/g, '');
    expect(svg).not.toMatch(/https?:/i);
    expect(svg).not.toMatch(/href\s*=\s*"(?!#)/);
    expect(svg).not.toMatch(/url\(\s*['"]?(?!#)/);
  });

  test.each(statusFiles)('%s animates only when the user has no reduced-motion preference', (file) => {
    const { guarded, unguarded } = splitByMotionGuard(styleOf(read(file)));
    expect(guarded).toMatch(/animation\s*:/);
    expect(guarded).toMatch(/@keyframes/);
    expect(unguarded).not.toMatch(/animation|@keyframes|transition/);
  });

  test('the avatar is a still image', () => {
    expect(read('avatar.svg')).not.toMatch(/@keyframes|animation|<animate/);
  });

  test.each(statusFiles)('%s has no SMIL animation, which reduced motion could not stop', (file) => {
    expect(read(file)).not.toMatch(/<animate|<set\s/);
  });
});
