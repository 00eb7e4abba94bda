import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseMerchantDefinition } from '../../src/server/domain/merchant-definition.ts';
import { DomainError } from '../../src/server/domain/errors.ts';
import { merchantTextIn } from '../../src/shared/merchant-text.ts';
import { contractExample } from '../support/contract-examples.ts';

type Json = Record<string, any>;

const example: Json = JSON.parse(readFileSync(contractExample('merchant.example.json'), 'utf8'));

/** The example with `description` set to value. */
const withDescription = (value: unknown): Json => ({ ...structuredClone(example), description: value });

/** The paths a definition is refused at (fails the test when it is accepted). */
function refusedPaths(input: unknown): string[] {
  try {
    parseMerchantDefinition(input);
  } catch (error) {
    if (error instanceof DomainError) return (error.details?.issues as Array<{ path: string }>).map((issue) => issue.path);
    throw error;
  }
  throw new Error('the definition was accepted');
}

describe('a merchant text in the definition', () => {
  test.each<[string, unknown]>([
    ['one string', 'Bistrot du quartier'],
    ['one text per language', { fr: 'Bistrot du quartier', en: 'Neighbourhood bistro' }],
    ['one language only', { it: 'Bistrot di quartiere' }],
    ['all four languages, English first', { en: 'Bistro', fr: 'Bistrot', es: 'Bistró', it: 'Bistrot' }],
  ])('is accepted as %s, kept as given with its keys in order', (_name, value) => {
    const definition = parseMerchantDefinition(withDescription(value));
    expect(definition.description).toEqual(value);
    if (typeof value === 'object') expect(Object.keys(definition.description as object)).toEqual(Object.keys(value as object));
  });

  test.each<[string, unknown, string]>([
    ['an empty object', {}, 'description'],
    ['an unknown language', { fr: 'Bistrot', de: 'Bistro' }, 'description'],
    ['a text too long in one language', { fr: 'Bistrot', en: 'x'.repeat(2001) }, 'description.en'],
    ['a string too long', 'x'.repeat(2001), 'description'],
    ['a lone surrogate in one language', { fr: 'Bistrot', en: 'Bistro \ud800' }, 'description.en'],
    ['a number', 42, 'description'],
    ['a language given a number', { fr: 42 }, 'description'],
  ])('is refused as %s, at %s', (_name, value, path) => {
    expect(refusedPaths(withDescription(value))).toContain(path);
  });

  test('the booking text follows the same rules', () => {
    expect(refusedPaths({ ...structuredClone(example), bookingDescription: { es: 'x'.repeat(2001) } })).toContain('bookingDescription.es');
    expect(parseMerchantDefinition({ ...structuredClone(example), bookingDescription: { en: 'Book', fr: 'Réservez' } }).bookingDescription).toEqual({
      en: 'Book',
      fr: 'Réservez',
    });
  });
});

describe('a visitor reads a merchant text', () => {
  const texts = { en: 'Neighbourhood bistro', fr: 'Bistrot du quartier' };
  test.each<[string, Parameters<typeof merchantTextIn>[1], string]>([
    ['in their language', 'fr', 'Bistrot du quartier'],
    ['in the first language listed when theirs is missing', 'it', 'Neighbourhood bistro'],
    ['in the first language listed when they ask for none', undefined, 'Neighbourhood bistro'],
  ])('%s', (_name, lang, expected) => {
    expect(merchantTextIn(texts, lang)).toBe(expected);
  });

  test('as the same string in every language when it is one string', () => {
    expect(merchantTextIn('Bistrot', 'en')).toBe('Bistrot');
  });
});
