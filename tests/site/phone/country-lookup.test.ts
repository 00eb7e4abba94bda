import { describe, expect, test, vi } from 'vitest';
import { allCountries, findCountry, orderCountries } from '../../../src/lib/phone/countries.ts';
import {
  fallbackCountry,
  fetchCountryCode,
  LOOKUP_FAILED,
  lookupCountry,
  resolveDefaultCountry,
  startingCountry,
} from '../../../src/lib/phone/country-lookup.ts';

const list = allCountries('fr');

/** A fetch that answers `body` with `status` (or fails when body is an Error), recording what it was asked. */
function fakeFetch(body: string | Error, status = 200) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (body instanceof Error) throw body;
    return new Response(body, { status });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('the IP-to-country reply (spec section 7: first character 1, then a two-letter code)', () => {
  test.each([
    ['1;FR;FRA;France', 'FR'],
    ['1;be;BEL;Belgium', 'BE'],
    ['1;GB;GBR;United Kingdom', 'GB'],
  ])('%j gives %s', async (reply, code) => {
    const { impl, calls } = fakeFetch(reply);
    await expect(fetchCountryCode('https://ip2c.example/s', impl)).resolves.toBe(code);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://ip2c.example/s');
    expect(calls[0]!.init?.method ?? 'GET').toBe('GET');
    expect(calls[0]!.init?.body).toBeUndefined();
  });

  test.each([['0;ZZ;ZZZ;Unknown'], ['2;WRONG INPUT'], [''], ['1;F']])('%j is refused with "unable to fetch the country"', async (reply) => {
    await expect(fetchCountryCode('https://ip2c.example/s', fakeFetch(reply).impl)).rejects.toThrow(LOOKUP_FAILED);
  });

  test('an HTTP error is refused too', async () => {
    await expect(fetchCountryCode('https://ip2c.example/s', fakeFetch('1;FR;FRA;France', 503).impl)).rejects.toThrow(LOOKUP_FAILED);
  });
});

describe('lookupCountry: the visitor country, else the first preferred or first listed country', () => {
  const { preferred, others } = orderCountries(list, { preferredCountries: ['BE', 'FR'] });
  const allowed = [...preferred, ...others];

  test('a known country is taken and nothing is logged', async () => {
    const warn = vi.fn();
    const found = await lookupCountry({ url: 'https://ip2c.example/s', allowed, preferred, fetchImpl: fakeFetch('1;IT;ITA;Italy').impl, warn });
    expect(found?.iso2).toBe('IT');
    expect(warn).not.toHaveBeenCalled();
  });

  test.each([
    ['a network failure', new Error('offline')],
    ['a bad reply', '0;ZZ;ZZZ;Reserved'],
    ['a country not offered', '1;ZZ;ZZZ;Nowhere'],
  ])('%s logs the warning and falls back to the first preferred country', async (_case, reply) => {
    const warn = vi.fn();
    const found = await lookupCountry({ url: 'https://ip2c.example/s', allowed, preferred, fetchImpl: fakeFetch(reply).impl, warn });
    expect(found?.iso2).toBe('BE');
    expect(warn).toHaveBeenCalledWith('unable to fetch the country');
  });

  test('without preferred countries the fallback is the first listed one', async () => {
    const found = await lookupCountry({ url: 'u', allowed: list, preferred: [], fetchImpl: fakeFetch(new Error('x')).impl, warn: () => {} });
    expect(found?.iso2).toBe(list[0]!.iso2);
    expect(fallbackCountry([], [])).toBeUndefined();
  });
});

describe('the starting country', () => {
  test.each([
    ['', 'fr', 'FR'],
    ['06 12 34 56 78', 'be', 'BE'],
    ['+44 20 7946 0958', 'fr', 'GB'],
    ['+33', 'it', 'IT'],
  ])('text %j with default %s starts on %s', (text, defaultCountry, expected) => {
    expect(startingCountry(text, defaultCountry, list)?.iso2).toBe(expected);
  });

  test('an unknown default country raises "Unknown country"', () => {
    expect(() => resolveDefaultCountry('xx')).toThrow(/^Unknown country/);
    expect(() => startingCountry('', 'zz', list)).toThrow('Unknown country');
    expect(resolveDefaultCountry('fr')).toBe('FR');
  });

  test('a default country outside the offered ones gives none (the widget then falls back)', () => {
    expect(startingCountry('', 'fr', [findCountry(list, 'BE')!])).toBeUndefined();
  });
});
