import { describe, expect, test } from 'vitest';
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, normaliseHex, readableAccent, readableTextOn } from '../../src/shared/colour.ts';

describe('readableTextOn', () => {
  test.each([
    ['#000000', LIGHT_TEXT],
    ['#9b2c2c', LIGHT_TEXT],
    ['#2f5d50', LIGHT_TEXT],
    ['#1d4ed8', LIGHT_TEXT],
    ['#ffffff', DARK_TEXT],
    ['#fffaf3', DARK_TEXT],
    ['#f4c430', DARK_TEXT],
    ['#fff', DARK_TEXT],
    ['#00ff00', DARK_TEXT],
  ])('on %s writes in %s', (background, expected) => {
    expect(readableTextOn(background)).toBe(expected);
  });

  test.each([['#9b2c2c'], ['#f4c430'], ['#2f6f4f'], ['#777777'], ['#ff0000'], ['#0000ff']])('gives at least 4.5:1 contrast on %s', (background) => {
    expect(contrastRatio(readableTextOn(background), background)).toBeGreaterThanOrEqual(4.5);
  });

  test('gives at least 4.5:1 contrast on every #rgb colour', () => {
    const digits = [...'0123456789abcdef'];
    const failing = digits
      .flatMap((r) => digits.flatMap((g) => digits.map((b) => `#${r}${g}${b}`)))
      .filter((background) => contrastRatio(readableTextOn(background), background) < 4.5);
    expect(failing).toEqual([]);
  });
});

describe('contrastRatio', () => {
  test.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#777777', '#ffffff', 4.48],
  ])('between %s and %s is %d', (a, b, expected) => {
    expect(contrastRatio(a, b)).toBeCloseTo(expected, 1);
  });
});

describe('normaliseHex', () => {
  test.each([
    ['#ABC', '#aabbcc'],
    ['#9B2C2C', '#9b2c2c'],
    [' #fff ', '#ffffff'],
    ['red', null],
    ['#12345', null],
    ['#fff;background:url(x)', null],
  ])('reads %j as %j', (input, expected) => {
    expect(normaliseHex(input)).toBe(expected);
  });
});

describe('readableAccent', () => {
  test('keeps an accent that already reads well', () => {
    expect(readableAccent('#9b2c2c', '#fffaf3')).toBe('#9b2c2c');
  });

  test.each([
    ['#f4c430', '#ffffff'],
    ['#ffd1dc', '#fffaf3'],
    ['#1a237e', '#101010'],
  ])('shifts the pale accent %s until it reads on %s', (accent, background) => {
    const shifted = readableAccent(accent, background);
    expect(shifted).not.toBe(accent);
    expect(contrastRatio(shifted, background)).toBeGreaterThanOrEqual(4.5);
  });
});
