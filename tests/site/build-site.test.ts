import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageScripts } from '../../bench/web-scripts.ts';
import { hashSiteFiles } from '../../scripts/site-changes.ts';
import { buildSite, siteIsStale } from '../../scripts/build-site.ts';
import { currentSiteFolder } from '../../scripts/site-swap.ts';
import { CHUNK_GROUPS } from '../../scripts/client-chunks.ts';
import { displayMerchantPhone } from '../../src/shared/phone-display.ts';
import type { MerchantListing, MerchantListResponse } from '../../src/shared/api/merchant-listing.ts';
import { allElements, attribute, elementsBy, isHtmlElement, onlyElement, parsePage, textOf } from '../support/html-dom.ts';

// Chunk groups the booking home loads only later: signing in or a manage link's exchange, the booking's writes and live availability.
const LAZY_ON_HOME = ['account-api', 'booking-writes'];

/** The names (hash and extension aside) of the scripts the built booking home loads before interaction, and later. */
async function homeScriptNames(): Promise<{ names: string[]; lazyNames: string[] }> {
  const pageUrl = 'http://site.test/le-petit-zinc';
  const fetchText = (url: string) => readFile(url === pageUrl ? join(outDir, 'le-petit-zinc', 'index.html') : join(outDir, new URL(url).pathname), 'utf8');
  const { initial, lazy } = await pageScripts(pageUrl, fetchText);
  const nameOf = (file: { path: string }) => file.path.replace(/^.*\//, '').replace(/\.[\w-]+\.js$/, '');
  return { names: initial.map(nameOf), lazyNames: lazy.map(nameOf) };
}

const fixtures = join(import.meta.dirname, 'fixtures');
const listing = JSON.parse(await readFile(join(fixtures, 'merchants.json'), 'utf8')) as MerchantListResponse;
const merchants = listing.merchants;

let server: Server;
let apiUrl: string;
let work: string;
let outDir: string;
const logLines: string[] = [];

function page(slug: string): Promise<string> {
  return readFile(join(outDir, slug, 'index.html'), 'utf8');
}

function merchantDataOf(html: string): unknown {
  const match = /<script type="application\/json" id="merchant-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no merchant-data element');
  return JSON.parse(match[1]);
}

function bySlug(slug: string): MerchantListing {
  const merchant = merchants.find((item) => item.slug === slug);
  if (!merchant) throw new Error(`no fixture ${slug}`);
  return merchant;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/api/booking/merchants') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(listing));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = await mkdtemp(join(tmpdir(), 'couvert-site-'));
  outDir = join(work, 'dist');
  await buildSite({ apiUrl, outDir, log: (line) => logLines.push(line), dataDir: join(fixtures, 'data'), cacheFile: join(work, 'merchants.json') });
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

describe('buildSite', () => {
  test('reports its progress with the number of merchant pages and the time taken', () => {
    expect(logLines).toContain('prerendering 3 merchant pages...');
    expect(logLines.some((line) => /built in \d+(\.\d+)? s/.test(line))).toBe(true);
  });

  test.each(merchants.map((merchant) => [merchant.slug, merchant.name]))('writes /%s/index.html with the name %s', async (slug, name) => {
    const html = await page(slug);
    expect(html).toContain(`<h1`);
    expect(html).toContain(`>${name}</h1>`);
  });

  test.each([
    ['le-petit-zinc', ['12 rue Oberkampf', 'Cour intérieure', '75011 Paris']],
    ['trattoria-bella', ['Via dei Coronari 27', '00186 Roma']],
    ['soleil-levant', ['4 place du Marché', '69002 Lyon']],
  ])('prints the address of %s', async (slug, lines) => {
    const html = await page(slug);
    for (const line of lines) expect(html).toContain(line);
  });

  test('lists the weekly hours Monday first, sorted slots, and Fermé on a closed weekday', async () => {
    const html = await page('le-petit-zinc');
    // Texts written in four languages (closed days): read the French ones, as a page without JS shows them.
    const french = html.replace(/<(span|time) lang="(en|es|it)" data-l[^>]*>[\s\S]*?<\/\1>/g, '');
    const text = french.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Lundi Fermé');
    expect(text).toContain('Mardi 12:00 – 14:00 19:00 – 22:00');
    expect(text).toContain('Dimanche 12:00 – 15:00');
    expect(text.indexOf('Lundi')).toBeLessThan(text.indexOf('Dimanche'));
  });

  test('shows only the closed days still to come', async () => {
    const html = await page('le-petit-zinc');
    expect(html).toContain('datetime="2099-12-24"');
    expect(html).toContain('jeudi 24 décembre 2099');
    expect(html).not.toContain('datetime="2020-01-01"');
  });

  test('links the phone with a tel: URL', async () => {
    expect(await page('le-petit-zinc')).toContain('href="tel:+33142000000"');
  });

  test.each(merchants.map((merchant) => [merchant.slug]))('embeds the merchant data of %s for the islands', async (slug) => {
    const merchant = bySlug(slug);
    expect(merchantDataOf(await page(slug))).toEqual({
      slug: merchant.slug,
      name: merchant.name,
      phone: merchant.phone,
      phoneDisplay: displayMerchantPhone(merchant.phone),
      hour12: false,
      timezone: merchant.timezone,
      bookingEnabled: merchant.bookingEnabled,
      shifts: merchant.shifts,
      closedDays: merchant.closedDays,
      // Special openings travel only when the merchant has some.
      ...(merchant.openDays?.length ? { openDays: merchant.openDays } : {}),
      settings: merchant.settings,
      zones: merchant.zones,
      theme: merchant.theme,
    });
  });

  test('keeps a zone name containing </script> inside the JSON element', async () => {
    const html = await page('le-petit-zinc');
    expect(html).not.toContain('Terrasse </script>');
    expect(html).toContain('\\u003c/script\\u003e');
  });

  test("escapes a merchant's <script> in its description", async () => {
    const html = await page('trattoria-bella');
    expect(html).toContain('&lt;script&gt;alert(&#39;bella&#39;)&lt;/script&gt;');
    // In the built DOM it is text: the description's own (and, in its data-l10n attribute, each language's, which the
    // language switch sets as text), never an element.
    const description = onlyElement(parsePage(html), 'p', 'description');
    expect(textOf(description)).toBe("Pâtes fraîches du jour <script>alert('bella')</script> & tiramisù de la nonna.");
    expect(allElements(description)).toEqual([description]);
    const markup = html.replace(/ data-l10n="[^"]*"/g, '');
    expect(markup).not.toContain("<script>alert('bella')");
    // Only the language boot script, the JSON data elements (the islands' and schema.org's) and the build's own files:
    // nothing the merchant wrote, nothing inline that runs.
    const scripts = markup.match(/<script[^>]*>/g) ?? [];
    expect(scripts.filter((tag) => !/ src="\/_astro\/[\w.-]+\.js"/.test(tag)).sort()).toEqual(
      ['<script src="/lang-boot.js">', '<script type="application/json" id="merchant-data">', '<script type="application/ld+json" id="restaurant-ld">'].sort(),
    );
  });

  test.each([
    ['soleil-levant', ['2099-08-15'], ['2099-05-01']],
    ['trattoria-bella', [], []],
  ])('%s lists its coming closures and special openings, each under its title (none when none)', async (slug, closed, open) => {
    const document = parsePage(await page(slug));
    const listed = (titleId: string) => {
      const heading = allElements(document).find((element) => attribute(element, 'id') === titleId);
      const section = allElements(document).find((element) => element.tagName === 'section' && attribute(element, 'aria-labelledby') === titleId);
      if (!heading || !section) return [];
      return [...new Set(elementsBy(section, 'time').map((time) => attribute(time, 'datetime')))];
    };
    expect(listed('closed-days-title')).toEqual(closed);
    expect(listed('open-days-title')).toEqual(open);
  });

  test('never turns a javascript: website into a link', async () => {
    expect(await page('trattoria-bella')).not.toContain('javascript:');
  });

  test('draws a placeholder where a merchant has no banner or logo, and the images where it has', async () => {
    const bare = await page('trattoria-bella');
    expect(bare).toContain('class="placeholder"');
    expect(bare).toContain('>TB</span>');
    const dressed = await page('le-petit-zinc');
    expect(dressed).toContain('src="/media/le-petit-zinc/banner.svg"');
    expect(dressed).toContain('alt="Logo du restaurant Le Petit Zinc"');
  });

  test('draws an uploaded photo as a <picture>: AVIF and WebP sources with width descriptors, and the fallback', async () => {
    const html = await page('soleil-levant');
    const banner = '/media/soleil-levant/banner-0123456789ab';
    expect(html).toContain(`<source type="image/avif" srcset="${banner}.640.avif 640w, ${banner}.1280.avif 1280w" sizes="100vw">`);
    expect(html).toContain(`<source type="image/webp" srcset="${banner}.640.webp 640w, ${banner}.1280.webp 1280w" sizes="100vw">`);
    expect(html).toMatch(new RegExp(`<img src="${banner}\\.640-1280\\.jpg" srcset="${banner}\\.640-1280\\.jpg 1280w" sizes="100vw"`));
    const logo = '/media/soleil-levant/logo-0123456789ab';
    expect(html).toContain(`srcset="${logo}.96.avif 96w, ${logo}.192.avif 192w, ${logo}.288.avif 288w" sizes="96px"`);
  });

  test('copies the imported media into /media', async () => {
    expect((await stat(join(outDir, 'media', 'le-petit-zinc', 'logo.svg'))).isFile()).toBe(true);
  });

  test('records every file of the site in site-files.json with its true hash: pages, shared files, icons and media', async () => {
    const recorded = JSON.parse(await readFile(join(outDir, 'site-files.json'), 'utf8')) as { files: Record<string, string> };
    expect(recorded.files).toEqual((await hashSiteFiles(outDir)).files);
    expect(Object.keys(recorded.files)).toEqual(
      expect.arrayContaining([
        '/le-petit-zinc/index.html',
        '/le-petit-zinc/validate/index.html',
        '/index.html',
        '/icons/icon-192.png',
        '/media/le-petit-zinc/logo.svg',
      ]),
    );
  });

  test('says booking is not activated and gives the phone when bookingEnabled is false', async () => {
    const html = await page('soleil-levant');
    expect(html).toContain('La réservation n&#39;est pas encore activée pour ce restaurant.');
    expect(html).toContain('href="tel:+33478000000"');
    expect(html).not.toContain('id="booking-app"');
  });

  test('hydrates the booking island in #booking-app under "Réserver une table" when booking is enabled', async () => {
    const html = await page('le-petit-zinc');
    expect(html).toContain('Réserver une table');
    // Astro puts its island runtime (a style and deferred scripts) before the page's first island, now this one.
    expect(html).toMatch(
      /<div id="booking-app"[^>]*>(?:<style>[^<]*<\/style>|<script[^>]*><\/script>)*<astro-island[^>]*component-url="\/_astro\/BookingHome\.[^"]+\.js"/,
    );
  });

  test("loads the booking home's shared code from one file per chunk group, not a file per module", async () => {
    const { names, lazyNames } = await homeScriptNames();
    for (const group of CHUNK_GROUPS) expect(LAZY_ON_HOME.includes(group.name) ? lazyNames : names).toContain(group.name);
    // 30 files before the groups (BENCH_WEB_FILES=1 npm run bench:web lists them); each costs its own compression.
    expect(names.length, names.join(' ')).toBeLessThanOrEqual(14);
  });

  test('leaves what the booking home needs only on a refusal, an address with a query or a chosen time until then', async () => {
    const { names, lazyNames } = await homeScriptNames();
    const later = [...LAZY_ON_HOME, 'MainErrorPage', 'NoTableToday', 'parse-presets', 'next-free-day', 'manage-link'];
    expect(names.filter((name) => later.includes(name))).toEqual([]);
    expect(lazyNames).toEqual(expect.arrayContaining(later));
  });

  test.each([['validate'], ['booking_complete']])(
    "keeps libphonenumber's metadata out of what /{slug}/%s loads before interaction, its clock written in at build time",
    async (kind) => {
      const site = 'http://site.test';
      const pageUrl = `${site}/le-petit-zinc/${kind}/`;
      const texts = new Map<string, string>();
      const fetchText = async (url: string) => {
        const text = await readFile(url === pageUrl ? join(outDir, 'le-petit-zinc', kind, 'index.html') : join(outDir, new URL(url).pathname), 'utf8');
        texts.set(url, text);
        return text;
      };
      const { initial, lazy } = await pageScripts(pageUrl, fetchText);
      // The metadata's own key, as the bundle keeps it.
      const holdsMetadata = (path: string) => texts.get(`${site}${path}`)?.includes('country_calling_codes') ?? false;
      expect(initial.filter((file) => holdsMetadata(file.path)).map((file) => file.path)).toEqual([]);
      expect(lazy.some((file) => holdsMetadata(file.path))).toBe(true);
      // A French restaurant writes 24-hour times: the island is told so by the page, not by parsing the phone.
      expect(texts.get(pageUrl)).toContain('&quot;merchantHour12&quot;:[0,false]');
    },
  );

  test('themes the page with the merchant colours and a readable text colour on the primary', async () => {
    const html = await page('soleil-levant');
    expect(html).toContain('--primary:#f4c430;--background:#ffffff;--on-primary:#1c1917');
    expect(html).toContain('<meta name="theme-color" content="#f4c430">');
  });

  test('makes 404.html the not-found page', async () => {
    const html = await readFile(join(outDir, '404.html'), 'utf8');
    expect(html).toContain('Ce restaurant n&#39;existe pas');
    expect(html).toContain('href="https://couvert.example"');
  });

  test('makes the site root the provider\u2019s home, linking every merchant\u2019s booking page in the four languages', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    expect(html).not.toContain('existe pas');
    expect(html).toMatch(/<h1[^>]*>Couvert<\/h1>/);
    // French in the page with its key; the other languages in the shared file the page names (components/T.astro).
    expect(html).toContain('<span data-t="providerHome.restaurants">Les restaurants</span>');
    const template = /<meta name="couvert-texts" content="([^"]+)"/.exec(html)?.[1];
    expect(template).toMatch(/^\/_astro\/texts-\{lang\}\.[0-9a-f]{14}\.js$/);
    const texts = await Promise.all(['en', 'es', 'it'].map((lang) => readFile(join(outDir, template!.slice(1).replace('{lang}', lang)), 'utf8')));
    for (const [index, text] of ['The restaurants', 'Los restaurantes', 'I ristoranti'].entries()) expect(texts[index]).toContain(`"restaurants":"${text}"`);
    for (const merchant of listing.merchants) {
      expect(html).toMatch(new RegExp(`<a href="/${merchant.slug}"[^>]*>\\s*<span class="name"[^>]*>${merchant.name}</span>`));
    }
  });

  test.each([['legal/terms'], ['legal/notice']])('writes the static page /%s', async (path) => {
    expect(await readFile(join(outDir, path, 'index.html'), 'utf8')).toContain('<h1');
  });

  test('links every merchant page to the terms and legal notices with Propulsé par Couvert', async () => {
    const html = await page('trattoria-bella');
    expect(html).toContain('href="/legal/terms"');
    expect(html).toContain('href="/legal/notice"');
    expect(html).toContain('Propulsé par Couvert');
  });

  // What the W3C Nu validator refuses in the shells the diner opens.
  const shells = ['le-petit-zinc/booking_complete', 'le-petit-zinc/validate', 'le-petit-zinc', 'auth/no_account', 'account'];
  const htmlElements = async (path: string) => allElements(parsePage(await readFile(join(outDir, path, 'index.html'), 'utf8'))).filter(isHtmlElement);

  test.each(shells)('/%s: every <img> has an address (src)', async (path) => {
    const images = (await htmlElements(path)).filter((element) => element.tagName === 'img');
    expect(images.filter((image) => !attribute(image, 'src')).map((image) => image.attrs)).toEqual([]);
  });

  test.each(shells)('/%s: every link given a name (aria-label) is a link (href)', async (path) => {
    const named = (await htmlElements(path)).filter((element) => element.tagName === 'a' && attribute(element, 'aria-label') !== null);
    expect(named.filter((link) => attribute(link, 'href') === null).map((link) => link.attrs)).toEqual([]);
  });

  test.each(shells)('/%s: no <style> in the body', async (path) => {
    const [body] = elementsBy(parsePage(await readFile(join(outDir, path, 'index.html'), 'utf8')), 'body');
    expect(
      elementsBy(body!, 'style')
        .filter(isHtmlElement)
        .map((style) => style.sourceCodeLocation ?? style.tagName),
    ).toEqual([]);
  });

  test('says the site is fresh for the same list and stale for a changed one or a missing site', async () => {
    expect(await siteIsStale({ merchants, outDir })).toBe(false);
    const renamed = merchants.map((merchant, i) => (i === 0 ? { ...merchant, name: 'Le Grand Zinc' } : merchant));
    expect(await siteIsStale({ merchants: renamed, outDir })).toBe(true);
    expect(await siteIsStale({ merchants, outDir: join(work, 'nowhere') })).toBe(true);
  });

  test('a second build swaps the new site in, still fresh, leaving beside it only the folder its link serves', async () => {
    await buildSite({ apiUrl, outDir, log: () => {}, dataDir: join(fixtures, 'data'), cacheFile: join(work, 'merchants.json') });
    expect(await siteIsStale({ merchants, outDir })).toBe(false);
    const siblings = (await readdir(work)).filter((name) => name !== 'merchants.json');
    const served = await currentSiteFolder(outDir);
    expect(siblings.sort()).toEqual(['dist', basename(served ?? '')].sort());
    expect(basename(served ?? '')).toMatch(/^\.dist\.site-\d+-[0-9a-f]{8}$/);
  }, 180_000);
});
