import { describe, expect, test } from 'vitest';
import { allCountries, findCountry, flagEmoji, normalizeCountryCode, orderCountries } from '../../../src/lib/phone/countries.ts';

describe('the country list (spec section 3: name, iso2, dialCode, priority, areaCodes)', () => {
  test.each([
    ['fr', 'FR', 'France', '33'],
    ['en', 'DE', 'Germany', '49'],
    ['es', 'DE', 'Alemania', '49'],
    ['it', 'GB', 'Regno Unito', '44'],
    ['fr', 'BE', 'Belgique', '32'],
  ])('in %s, %s is named %s with dial code %s', (lang, iso2, name, dialCode) => {
    const entry = findCountry(allCountries(lang), iso2);
    expect(entry).toMatchObject({ iso2, name, dialCode });
  });

  test('lists every country libphonenumber-js knows, sorted by name in the language', () => {
    const list = allCountries('fr');
    expect(list.length).toBeGreaterThan(240);
    const names = list.map((entry) => entry.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr', { sensitivity: 'base' }).compare));
    expect(list.every((entry) => /^[A-Z]{2}$/.test(entry.iso2) && /^\d{1,3}$/.test(entry.dialCode))).toBe(true);
  });

  test.each([
    ['US', '1', 0, null],
    ['GB', '44', 0, null],
    ['AS', '1', 3, ['684']],
    ['VA', '39', 1, ['06698']],
  ])('%s shares dial code %s with priority %i and area codes %j', (iso2, dialCode, priority, areaCodes) => {
    expect(findCountry(allCountries('en'), iso2)).toMatchObject({ dialCode, priority, areaCodes });
  });

  test('a country sharing its dial code is never the main one (priority above 0)', () => {
    expect(findCountry(allCountries('en'), 'CA')!.priority).toBeGreaterThan(0);
  });

  test.each([
    ['fr', '🇫🇷'],
    ['GB', '🇬🇧'],
    ['it', '🇮🇹'],
    ['F', ''],
    ['FRA', ''],
    ['1a', ''],
  ])('the flag of %j is %j', (iso2, flag) => {
    expect(flagEmoji(iso2)).toBe(flag);
  });

  test.each([
    ['fr', 'FR'],
    [' gb ', 'GB'],
    ['XX', null],
    ['', null],
    [null, null],
  ])('the country code %j reads as %j', (code, expected) => {
    expect(normalizeCountryCode(code)).toBe(expected);
  });
});

describe('which countries the dropdown offers, preferred first', () => {
  const list = allCountries('fr');

  test('preferred countries come first in the order given, then the others by name without repeats', () => {
    const { preferred, others } = orderCountries(list, { preferredCountries: ['fr', 'BE', 'ch'] });
    expect(preferred.map((entry) => entry.iso2)).toEqual(['FR', 'BE', 'CH']);
    expect(others.some((entry) => ['FR', 'BE', 'CH'].includes(entry.iso2))).toBe(false);
    expect(preferred.length + others.length).toBe(list.length);
  });

  test('only some countries: the rest are not offered, and a preferred one outside them is dropped', () => {
    const { preferred, others } = orderCountries(list, { onlyCountries: ['fr', 'it'], preferredCountries: ['it', 'es'] });
    expect(preferred.map((entry) => entry.iso2)).toEqual(['IT']);
    expect(others.map((entry) => entry.iso2)).toEqual(['FR']);
  });

  test('ignored countries are not offered', () => {
    const { others } = orderCountries(list, { ignoredCountries: ['fr'] });
    expect(findCountry(others, 'FR')).toBeUndefined();
    expect(others.length).toBe(list.length - 1);
  });
});
