import { describe, expect, test } from 'vitest';
// Astro's own, as the renderer writes every island's uid.
import { shorthash as astroShorthash } from 'astro/runtime/server/shorthash.js';
import { hashBefore, hashOfUid, shorthash, stringHash } from '../../scripts/island-uid.ts';

const TEXTS = [
  '',
  'a',
  '<!--default:/src/islands/validate/ValidateBooking.tsx-->\n<div class="trk-skeleton" aria-busy="true"></div>\n{"merchantSlug":[0,"le-petit-zinc"]}',
  'Café « Chez Zoé » & Fils — 12 h 30 ☕',
  'x'.repeat(5000),
];

describe('island uids (scripts/island-uid.ts)', () => {
  test.each(TEXTS)('the uid of %j is the one Astro writes, and reads back as its hash', (text) => {
    expect(shorthash(stringHash(text))).toBe(astroShorthash(text));
    expect(hashOfUid(astroShorthash(text))).toBe(stringHash(text));
  });

  test.each([
    ['<!--default:/src/X.tsx-->\n', '<div>skeleton</div>\n{"merchantSlug":[0,"a"]}'],
    ['<!--default:/a-->\n<p>é</p>', '\n{}'],
    ['', 'only the rest'],
  ])('the hash of an unknown beginning comes back from the uid and the rest (%j)', (beginning, rest) => {
    const before = hashBefore(hashOfUid(astroShorthash(beginning + rest))!, rest);
    expect(before).toBe(stringHash(beginning));
    // …and gives the uid of the same beginning with another rest.
    expect(shorthash(stringHash('another rest', before))).toBe(astroShorthash(`${beginning}another rest`));
  });

  test.each(['Z', 'abc!', 'ZZ1', 'YYYYYYYY'])('%j is not a uid Astro writes', (uid) => {
    expect(hashOfUid(uid)).toBeNull();
  });
});
