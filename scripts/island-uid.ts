/**
 * Astro's island `uid` (astro/dist/runtime/server/shorthash.js): a 32-bit string hash of the island's component,
 * children and serialized props (`(h << 5) - h + code unit`, as int32), written in base 61 with a "Z" for a negative
 * hash. The hash is a polynomial, so the hash of a text's unknown beginning can be recovered from a uid and the rest of
 * the text, and the uid of another rest computed from it (scripts/shell-templates.ts fills islands this way).
 */
const DICTIONARY = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY';
const BASE = 61;

/** Astro's hash of `text`, continued from the hash `start` of what precedes it (0 for nothing). */
export function stringHash(text: string, start = 0): number {
  let hash = start;
  for (let index = 0; index < text.length; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return hash;
}

/** The uid Astro writes for a hash. */
export function shorthash(hash: number): string {
  let rest = Math.abs(hash);
  let text = '';
  while (rest >= BASE) {
    text = DICTIONARY[rest % BASE] + text;
    rest = Math.floor(rest / BASE);
  }
  if (rest > 0) text = DICTIONARY[rest] + text;
  return (hash < 0 ? 'Z' : '') + text;
}

/** The hash a uid was written from; null when `uid` is not one. */
export function hashOfUid(uid: string): number | null {
  const negative = uid.startsWith('Z');
  if (negative && uid.length === 1) return null;
  let value = 0;
  for (const digit of negative ? uid.slice(1) : uid) {
    const index = DICTIONARY.indexOf(digit);
    if (index < 0) return null;
    value = value * BASE + index;
  }
  if (value > 2 ** 31) return null;
  return (negative ? -value : value) | 0;
}

// 31's inverse modulo 2^32 (Newton's iteration doubles the correct low bits each step).
const INVERSE_31 = [0, 1, 2, 3, 4].reduce((inverse) => Math.imul(inverse, 2 - Math.imul(31, inverse)), 31);

/** The hash of the beginning of a text whose whole hash is `whole` and whose end is `rest`. */
export function hashBefore(whole: number, rest: string): number {
  let scale = 1;
  for (let index = 0; index < rest.length; index++) scale = Math.imul(scale, INVERSE_31);
  return Math.imul((whole - stringHash(rest)) | 0, scale) | 0;
}
