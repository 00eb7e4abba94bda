/**
 * The whole site built for a merchant whose every text is an attack, read back as a browser parses it: no script but
 * the site's own files, no event handler, no javascript: URL, no script file holding merchant text, and each hostile
 * text shown as text. One merchant comes through the real admin import and listing; a copy of it carries what only a
 * listing could (a javascript: website, a hostile phone, image paths and colours the import refuses).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite } from '../../scripts/build-site.ts';
import { preparePageInDetail } from '../../scripts/external-scripts.ts';
import { pagePreparer, type PagePreparer } from '../../scripts/page-preparer.ts';
import { openRenderer } from '../../scripts/render-merchants.ts';
import { RENDERERS_DIR } from '../../scripts/site-renderers.ts';
import { shellShape } from '../../scripts/shell-templates.ts';
import { readStamp } from '../../scripts/site-stamp.ts';
import { t } from '../../src/i18n/t.ts';
import { merchantData } from '../../src/lib/build/merchant-data.ts';
import type { MerchantListing } from '../../src/shared/api/merchant-listing.ts';
import { merchantPageTitle } from '../../src/lib/build/merchant-pages.ts';
import { renderResetPasswordPage } from '../../src/server/pages/reset-password-page.ts';
import { HOSTILE_LISTING_ONLY, HOSTILE_MARKER, HOSTILE_TEXTS, hostileMerchantDefinition } from '../support/hostile-merchant.ts';
import { allElements, attribute, elementsBy, isHtmlElement, onlyElement, parsePage, textOf, type DomElement } from '../support/html-dom.ts';
import { ADMIN_TOKEN, startTestServer } from '../support/test-server.ts';

const SLUG = 'chez-z-hostile';
const RAW_SLUG = 'chez-z-hostile-raw';

let work: string;
let outDir: string;
let imported: MerchantListing;
let raw: MerchantListing;

async function filesUnder(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(suffix)).map((entry) => join(entry.parentPath, entry.name));
}

async function page(path: string) {
  return parsePage(await readFile(join(outDir, path), 'utf8'));
}

beforeAll(async () => {
  // The merchant goes in as a provider puts it: the admin API's validation, storage and listing.
  const api = await startTestServer({ demo: false });
  try {
    const put = await api.server.app.inject({
      method: 'PUT',
      url: `/api/admin/merchants/${SLUG}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: hostileMerchantDefinition(SLUG),
    });
    expect(put.statusCode, put.body).toBe(201);
    const listing = await api.get('/api/booking/merchants');
    imported = (listing.body.merchants as MerchantListing[]).find((merchant) => merchant.slug === SLUG) as MerchantListing;
  } finally {
    await api.close();
  }
  const rawZones = imported.zones.map((zone) => ({ ...zone, image: { path: HOSTILE_LISTING_ONLY.zoneImage } }));
  raw = {
    ...imported,
    slug: RAW_SLUG,
    url: HOSTILE_LISTING_ONLY.url,
    phone: HOSTILE_LISTING_ONLY.phone,
    logo: { path: HOSTILE_LISTING_ONLY.logo },
    banner: { path: HOSTILE_LISTING_ONLY.banner },
    theme: { ...HOSTILE_LISTING_ONLY.theme },
    zones: rawZones,
  };

  const body = JSON.stringify({ success: true, merchants: [imported, raw] });
  const listingServer: Server = createServer((request, response) => {
    response.writeHead(request.url === '/api/booking/merchants' ? 200 : 404, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => listingServer.listen(0, '127.0.0.1', resolve));
  work = await mkdtemp(join(tmpdir(), 'couvert-hostile-site-'));
  outDir = join(work, 'dist');
  await mkdir(join(work, 'data'));
  try {
    const apiUrl = `http://127.0.0.1:${(listingServer.address() as AddressInfo).port}`;
    await buildSite({ apiUrl, outDir, log: () => {}, dataDir: join(work, 'data'), cacheFile: join(work, 'merchants.json') });
  } finally {
    await new Promise((resolve) => listingServer.close(resolve));
  }
}, 240_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

// The site's own scripts: the language boot, the tracking first view, and files the build wrote under /_astro.
const OWN_SCRIPT = /^\/(?:lang-boot\.js|boot\/[\w.-]+\.js|_astro\/[\w.-]+\.js)$/;
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'data', 'xlink:href', 'background', 'cite', 'ping', 'manifest']);
const SAFE_SCHEMES = new Set(['http', 'https', 'tel', 'mailto']);
const FORBIDDEN_ELEMENTS = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'applet']);

/** What is wrong with one element, as sentences (none for a safe element). */
function problemsOf(element: DomElement): string[] {
  const problems: string[] = [];
  const tag = element.tagName;
  if (tag === 'script') {
    const type = attribute(element, 'type');
    const src = attribute(element, 'src');
    if (!isHtmlElement(element)) problems.push('a script outside HTML (SVG or MathML)');
    else if (type === 'application/json') {
      if (attribute(element, 'id') !== 'merchant-data' || src !== null) problems.push(`an unexpected JSON element ${attribute(element, 'id')}`);
    } else if (type === 'application/ld+json') {
      if (attribute(element, 'id') !== 'restaurant-ld' || src !== null) problems.push(`an unexpected JSON-LD element ${attribute(element, 'id')}`);
    } else if (src === null || !OWN_SCRIPT.test(src)) problems.push(`a script that is not one of the site's files: src=${src}`);
    else if (textOf(element).trim() !== '') problems.push(`an external script with inline code: ${textOf(element)}`);
  }
  if (FORBIDDEN_ELEMENTS.has(tag)) problems.push(`a <${tag}> element`);
  if (tag === 'meta' && attribute(element, 'http-equiv') !== null) problems.push('a <meta http-equiv>');
  for (const { name, value } of element.attrs) {
    if (/^on/i.test(name)) problems.push(`an event handler ${name}="${value}" on <${tag}>`);
    if (value.includes(HOSTILE_MARKER) && name === 'id') problems.push(`an element made of merchant text: <${tag} id="${value}">`);
    if (URL_ATTRIBUTES.has(name)) {
      // As a browser reads a URL: surrounding spaces and controls dropped, tabs and newlines removed anywhere.
      const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
      if (scheme !== undefined && !SAFE_SCHEMES.has(scheme)) problems.push(`a ${scheme}: URL in ${name} of <${tag}>`);
      if (url.startsWith('//')) problems.push(`a URL of another host in ${name} of <${tag}>: ${url}`);
    }
  }
  return problems;
}

/** Every problem of a parsed page. */
function pageProblems(root: Parameters<typeof allElements>[0]): string[] {
  return allElements(root).flatMap(problemsOf);
}

describe('the site built for a merchant whose every text is hostile', () => {
  test('the import kept the hostile texts as they were written (they are what the pages must show as text)', () => {
    expect(imported.name).toBe(HOSTILE_TEXTS.name);
    expect(imported.zones.map((zone) => zone.name)).toEqual(HOSTILE_TEXTS.zoneNames);
    expect(imported.logo?.path).toBe(HOSTILE_TEXTS.logo);
  });

  test("no page has a script but the site's files, an event handler, a javascript: URL or an element made of merchant text", async () => {
    const pages = await filesUnder(outDir, '.html');
    expect(pages.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const file of pages) {
      for (const problem of pageProblems(parsePage(await readFile(file, 'utf8')))) problems.push(`${relative(outDir, file)}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  test('no script file of the site holds merchant text (no inline-*.js made of an attribute value)', async () => {
    const holding: string[] = [];
    for (const file of await filesUnder(outDir, '.js')) {
      if ((await readFile(file, 'utf8')).includes(HOSTILE_MARKER)) holding.push(relative(outDir, file));
    }
    expect(holding).toEqual([]);
  });

  test.each([[SLUG], [RAW_SLUG]])('the booking home of %s shows every hostile text as text', async (slug) => {
    const merchant = slug === SLUG ? imported : raw;
    const document = await page(join(slug, 'index.html'));
    expect(textOf(onlyElement(document, 'h1'))).toBe(merchant.name);
    expect(textOf(onlyElement(document, 'title'))).toBe(merchantPageTitle(merchant, 'booking.title').fr);
    const addressLines = elementsBy(onlyElement(document, 'address'), 'span').map(textOf);
    expect(addressLines).toEqual(
      expect.arrayContaining([merchant.address.address, merchant.address.address2, `${merchant.address.zip} ${merchant.address.city}`]),
    );
    expect(textOf(onlyElement(document, 'p', 'description'))).toBe(merchant.description);
    expect(textOf(onlyElement(document, 'p', 'lead'))).toBe(merchant.bookingDescription);
    expect(textOf(onlyElement(document, 'footer'))).toContain(`© ${new Date().getFullYear()} ${merchant.name}`);
  });

  test.each([[SLUG], [RAW_SLUG]])('the schema.org Restaurant of %s holds the hostile texts whole, as data', async (slug) => {
    const merchant = slug === SLUG ? imported : raw;
    const document = await page(join(slug, 'index.html'));
    const blocks = elementsBy(document, 'script').filter((element) => attribute(element, 'type') === 'application/ld+json');
    expect(blocks).toHaveLength(1);
    const ld = JSON.parse(textOf(blocks[0]!)) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: merchant.name,
      description: merchant.description,
      telephone: merchant.phone,
      url: `/${slug}`,
      acceptsReservations: `/${slug}`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: `${merchant.address.address}, ${merchant.address.address2}`,
        postalCode: merchant.address.zip,
        addressLocality: merchant.address.city,
        addressRegion: HOSTILE_TEXTS.region,
        ...(slug === SLUG ? { addressCountry: 'FR' } : {}),
      },
    });
    expect((ld.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
    expect(ld.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '12:00',
      closes: '14:00',
    });
    // A javascript: website (only a listing could carry one) is left out.
    if (slug === RAW_SLUG) expect(ld).not.toHaveProperty('sameAs');
    else expect(ld.sameAs).toBe(new URL(merchant.url).href);
  });

  test.each([[SLUG], [RAW_SLUG]])('the data the islands of %s read is the merchant, whole, as JSON', async (slug) => {
    const merchant = slug === SLUG ? imported : raw;
    const document = await page(join(slug, 'index.html'));
    const data = elementsBy(document, 'script').find((element) => attribute(element, 'id') === 'merchant-data');
    expect(data).toBeDefined();
    expect(JSON.parse(textOf(data as DomElement))).toEqual(merchantData(merchant));
    // Island props are JSON in an attribute: each parses, and none carries merchant text.
    const islands = elementsBy(document, 'astro-island');
    expect(islands.length).toBeGreaterThan(0);
    for (const island of islands) {
      const props = attribute(island, 'props') ?? '{}';
      expect(() => JSON.parse(props)).not.toThrow();
      expect(props).not.toContain(HOSTILE_MARKER);
    }
  });

  test('the logo of the imported merchant keeps the name whole in its alt, in every language', async () => {
    const document = await page(join(SLUG, 'index.html'));
    const logo = elementsBy(document, 'img').find((element) => attribute(element, 'src') === HOSTILE_TEXTS.logo);
    expect(logo).toBeDefined();
    expect(attribute(logo as DomElement, 'alt')).toBe(t('fr', 'merchant.logoAlt', { name: imported.name }));
    const localized = JSON.parse(attribute(logo as DomElement, 'data-l10n') ?? '{}') as { alt: Record<string, string> };
    expect(localized.alt.en).toBe(t('en', 'merchant.logoAlt', { name: imported.name }));
  });

  test.each([
    [SLUG, 'links its website by its parsed address', new URL(HOSTILE_TEXTS.url).href],
    [RAW_SLUG, 'has no website link for a javascript: address', null],
  ])('%s %s', async (slug, _what, href) => {
    const links = elementsBy(await page(join(slug, 'index.html')), 'a', 'website');
    expect(links.map((link) => attribute(link, 'href'))).toEqual(href === null ? [] : [href]);
  });

  test('a hostile phone becomes a tel: link of its digits and text', async () => {
    const document = await page(join(RAW_SLUG, 'index.html'));
    const phones = elementsBy(document, 'a').filter((link) => attribute(link, 'href')?.startsWith('tel:'));
    expect(phones.length).toBeGreaterThan(0);
    for (const link of phones) expect(attribute(link, 'href')).toBe('tel:+331');
  });

  test("images the import would refuse are not shown: initials instead of a javascript: logo, no other host's banner", async () => {
    const document = await page(join(RAW_SLUG, 'index.html'));
    expect(elementsBy(document, 'img')).toEqual([]);
    expect(elementsBy(document, 'span', 'initials')).toHaveLength(1);
  });

  test.each([
    [SLUG, 'validate'],
    [SLUG, 'booking_complete'],
    [RAW_SLUG, 'validate'],
    [RAW_SLUG, 'booking_complete'],
  ])('the %s %s page names the merchant as text', async (slug, route) => {
    const merchant = slug === SLUG ? imported : raw;
    const document = await page(join(slug, route, 'index.html'));
    expect(textOf(onlyElement(document, 'span', 'name'))).toBe(merchant.name);
  });

  test('the server-rendered reset-password page shows a hostile brand as text, with nothing to run', () => {
    const rendered = renderResetPasswordPage({
      lang: 'fr',
      brand: { name: HOSTILE_TEXTS.name, primary: HOSTILE_LISTING_ONLY.theme.primary, background: HOSTILE_LISTING_ONLY.theme.background },
      view: { kind: 'form', token: 'a'.repeat(32) },
      formOrigins: ['https://book.example'],
    });
    const document = parsePage(rendered.html);
    // Its own stylesheet is allowed by hash in its CSP; it has no script at all.
    expect(pageProblems(document)).toEqual([]);
    expect(elementsBy(document, 'script')).toEqual([]);
    expect(textOf(onlyElement(document, 'p', 'brand'))).toBe(HOSTILE_TEXTS.name);
  });
});

describe('pages prepared by replacing what the first page of a kind showed (scripts/page-preparer.ts)', () => {
  test('come out as a parse of each page makes them, for hostile merchants and one whose texts are the very elements replaced', async () => {
    const stamp = await readStamp(outDir);
    // What a parse moved, as written: a merchant made of these texts is the closest a text can come to being replaced.
    const seen = new Set<string>();
    const fast = pagePreparer();
    const checking: PagePreparer = {
      counts: fast.counts,
      prepare(page) {
        const parsed = preparePageInDetail(page);
        for (const { element, replacement } of parsed.moved) seen.add(element).add(replacement);
        for (const style of parsed.hoisted) seen.add(style);
        const prepared = fast.prepare(page);
        expect(prepared).toEqual({ html: parsed.html, scripts: parsed.scripts });
        return prepared;
      },
    };
    const renderer = await openRenderer(join(RENDERERS_DIR, stamp!.renderer!), checking);
    const list = join(work, 'preparer-list.json');
    await writeFile(list, JSON.stringify([imported, raw]));
    await renderer.renderMerchants(list, [SLUG, RAW_SLUG]);
    expect(seen.size).toBeGreaterThan(0);
    const mimicText = [...seen].join('');
    const mimic: MerchantListing = {
      ...raw,
      slug: 'chez-z-mimic',
      name: mimicText.slice(0, 200),
      description: mimicText,
      address: { ...raw.address, city: mimicText.slice(0, 100) },
      bookingDescription: mimicText,
      zones: raw.zones.map((zone) => ({ ...zone, name: mimicText.slice(0, 100) })),
    };
    await writeFile(list, JSON.stringify([imported, raw, mimic]));
    const before = { ...fast.counts };
    const pages = await renderer.renderMerchants(list, [mimic.slug]);
    // Replaced, not parsed: the merchant's texts never looked like what was learned.
    expect(fast.counts.replaced - before.replaced).toBe(pages.length);
    expect(fast.counts.parsed).toBe(before.parsed);
    const home = parsePage(pages[0]!.html);
    expect(textOf(onlyElement(home, 'h1'))).toContain(mimic.name);
  });
});

describe('validate and booking_complete shells filled from templates (scripts/shell-templates.ts)', () => {
  test('come out byte for byte as rendered, for every shape of merchant, hostile names and every character the filler writes', async () => {
    const stamp = await readStamp(outDir);
    const dir = join(RENDERERS_DIR, stamp!.renderer!);
    const logos = [
      { path: '/media/shape-image/logo.svg' },
      { path: '/media/shape-photo/logo-0123456789ab.96-192.png' },
      null,
      { path: 'https://img.example/logo.svg' },
    ];
    const phones = ['+33142000099', '+12125550199', '+34911234567'];
    const names = [
      imported.name,
      'Le Petit Zinc',
      'Retour',
      "L'Atelier « Zoé » & Fils — 12/24 {{name}} $& $1 &amp; <b>",
      'Qz000Q Qz001Q',
      String.fromCharCode(...Array.from({ length: 95 }, (_, index) => 32 + index)).trim(),
      'Sushi 🍣 Bar',
      ' Espace devant',
      'Ligne\u2028séparée',
    ];
    // Every combination of logo and clock, each name, colours of both kinds: each shape has more than the two checked.
    const merchants: MerchantListing[] = names.flatMap((name, n) =>
      logos.flatMap((logo, l) =>
        phones.map((phone, p) => ({
          ...imported,
          slug: `shell-${n}-${l}-${p}`,
          name,
          phone,
          logo,
          theme: p % 2 ? { primary: '#f4d03f', background: '#1b1b1b' } : { primary: '#9b2c2c', background: '#fffaf3' },
        })),
      ),
    );
    merchants.push(raw);
    const list = join(work, 'shells-list.json');
    await writeFile(list, JSON.stringify(merchants));
    const slugs = merchants.map((merchant) => merchant.slug);
    const rendered = await (await openRenderer(dir)).renderMerchants(list, slugs);
    const filler = await openRenderer(dir, pagePreparer(), { fillShells: true });
    const filled = await filler.renderMerchants(list, slugs);
    expect(filled.map((page) => page.file)).toEqual(rendered.map((page) => page.file));
    for (const [index, page] of filled.entries()) expect(page, page.file).toEqual(rendered[index]);
    // Every shell of a shape past its first two checked is filled, not rendered: hostile names among them.
    const perShape = new Map<string, number>();
    for (const merchant of merchants) {
      const shape = shellShape(merchant);
      if (shape) perShape.set(shape, (perShape.get(shape) ?? 0) + 1);
    }
    expect(shellShape({ ...merchants[0]!, logo: logos[0]! })).not.toBeNull();
    expect([...perShape.keys()].length).toBeGreaterThanOrEqual(5);
    expect(filler.filled).toBe(2 * [...perShape.values()].reduce((sum, count) => sum + Math.max(0, count - 2), 0));
  });
});
