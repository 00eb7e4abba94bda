/**
 * The merchant page built from a listing whose description and booking text are given per language: the page shows
 * them in French (or the first language listed) until the diner's language applies, and carries each language's
 * text in data-l10n (lang-boot.js and applyDocumentLang set it as the element's text), a missing language reading
 * the first listed. Hostile text stays text.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite } from '../../scripts/build-site.ts';
import type { MerchantListResponse } from '../../src/shared/api/merchant-listing.ts';
import { allElements, attribute, onlyElement, parsePage, textOf, type DomElement } from '../support/html-dom.ts';

const fixtures = join(import.meta.dirname, 'fixtures');
const fixture = JSON.parse(await readFile(join(fixtures, 'merchants.json'), 'utf8')) as MerchantListResponse;
const HOSTILE = '<img src=x onerror=alert(1)><script>alert(1)</script>';
const merchant = {
  ...fixture.merchants[0]!,
  description: { en: `A Paris bistro since 1952. ${HOSTILE}`, fr: 'Bistrot parisien depuis 1952.' },
  bookingDescription: { fr: 'Réservez en quelques secondes.', en: 'Book in seconds.' },
};
const listing: MerchantListResponse = { ...fixture, merchants: [merchant] };

let server: Server;
let work: string;
let document: ReturnType<typeof parsePage>;

/** What data-l10n gives an element's text in each language. */
// What each language reads: data-l10n leaves out a language whose text is the French one (lang-boot.js falls back to it).
const textsOf = (element: DomElement) => {
  const text = (JSON.parse(attribute(element, 'data-l10n') ?? '{}') as { text: Record<string, string> }).text;
  return Object.fromEntries(['fr', 'en', 'es', 'it'].map((lang) => [lang, text[lang] ?? text.fr]));
};

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/api/booking/merchants') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listing));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = await mkdtemp(join(tmpdir(), 'couvert-texts-'));
  const outDir = join(work, 'dist');
  await buildSite({ apiUrl, outDir, log: () => {}, dataDir: join(fixtures, 'data'), cacheFile: join(work, 'merchants.json') });
  document = parsePage(await readFile(join(outDir, merchant.slug, 'index.html'), 'utf8'));
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

describe('the merchant page’s own texts', () => {
  test('show English when the page is English, and the first language listed when the page’s is missing', () => {
    const description = onlyElement(document, 'p', 'description');
    expect(textsOf(description)).toEqual({
      fr: 'Bistrot parisien depuis 1952.',
      en: merchant.description.en,
      es: merchant.description.en,
      it: merchant.description.en,
    });
    const booking = onlyElement(document, 'p', 'lead');
    expect(textsOf(booking)).toEqual({
      fr: 'Réservez en quelques secondes.',
      en: 'Book in seconds.',
      es: 'Réservez en quelques secondes.',
      it: 'Réservez en quelques secondes.',
    });
  });

  test('are French before the diner’s language applies (and without JavaScript)', () => {
    expect(textOf(onlyElement(document, 'p', 'description'))).toBe('Bistrot parisien depuis 1952.');
    expect(textOf(onlyElement(document, 'p', 'lead'))).toBe('Réservez en quelques secondes.');
  });

  test('stay text: no element or handler comes from them', () => {
    const elements = allElements(document);
    expect(elements.some((element) => element.tagName === 'img' && attribute(element, 'src') === 'x')).toBe(false);
    expect(elements.some((element) => element.attrs.some((attr) => attr.name === 'onerror'))).toBe(false);
  });
});
