import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPglite } from '../../src/server/db/database.ts';
import { rowsOf, type ExecuteAnswer } from '../../src/server/db/execute-rows.ts';
import { callApi, cleanUp, createBooking, firstOpenSlot, spawnServer, startServer, tempFolder, type ServerProcess } from './processes.ts';

const DEMO = [
  { slug: 'le-petit-zinc', name: 'Le Petit Zinc' },
  { slug: 'sakura-ramen', name: 'Sakura Ramen' },
  { slug: 'trattoria-nonna', name: 'Trattoria Nonna' },
];

let dataDir: string;
let siteDir: string;
let first: ServerProcess;
let bookingToken: string;
let bookingRef: string;

function env(): Record<string, string> {
  return { DATA_DIR: dataDir, SITE_DIR: siteDir, BUILD_SITE: 'auto' };
}

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

beforeAll(async () => {
  const work = await tempFolder('start');
  dataDir = path.join(work, 'data');
  siteDir = path.join(work, 'site');
  // An empty data folder, as on a new machine: the server creates and migrates its database.
  first = await startServer(env(), 120_000, undefined, { freshDatabase: true });
}, 180_000);

afterAll(cleanUp, 30_000);

describe('a first `npm start` on an empty folder', () => {
  test('creates the database and takes the data folder lock with its own pid', async () => {
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    // The pid, then what tells this run of it from a later process given the same pid.
    expect((await readFile(path.join(dataDir, 'server.lock'), 'utf8')).split('\n')[0]).toBe(String(first.pid));
  });

  test('imports the three demo merchants and builds the site', () => {
    expect(first.stdout()).toContain('imported demo merchants: le-petit-zinc, sakura-ramen, trattoria-nonna');
    // A new user can sign in as the restaurant at once.
    expect(first.stdout()).toContain('le-petit-zinc: claire@le-petit-zinc.example / zinc-comptoir-1952');
    expect(first.stdout()).toMatch(/prerendering 3 merchant pages/);
    expect(first.stdout()).toMatch(/site built in \d+(\.\d+)? s/);
    expect(existsSync(path.join(siteDir, 'build-stamp.json'))).toBe(true);
  });

  test.each(DEMO)('prints the booking page address of $name', ({ slug, name }) => {
    const line = new RegExp(`^\\s+${name}\\s+${first.url.replaceAll('.', '\\.')}/${slug}$`, 'm');
    expect(first.stdout()).toMatch(line);
  });

  test('prints the address of the API documentation', () => {
    expect(first.stdout()).toContain(`${first.url}/api/docs`);
  });

  test('prints the staff sign-in address, and serves the staff pages', async () => {
    expect(first.stdout()).toMatch(new RegExp(`^\\s+Restaurant staff sign-in\\s+${first.url.replaceAll('.', '\\.')}/pro$`, 'm'));
    for (const page of ['/pro', '/pro/le-petit-zinc']) expect((await fetch(`${first.url}${page}`)).status, page).toBe(200);
  });

  test.each(DEMO)('serves the booking page of $name with a strict script policy', async ({ slug, name }) => {
    const response = await fetch(`${first.url}/${slug}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain(name);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = directive(csp, 'script-src') ?? directive(csp, 'default-src');
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // The policy forbids inline script, so the page must not need any: every script is a file or data.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag, tag).toMatch(/\ssrc=|type="application\/(ld\+)?json"/);
    }
  });

  test('serves the images the booking page shows from /media', async () => {
    const html = await (await fetch(`${first.url}/le-petit-zinc`)).text();
    const images = [...new Set([...html.matchAll(/\/media\/[\w./-]+\.svg/g)].map((match) => match[0]))];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const response = await fetch(`${first.url}${image}`);
      expect(response.status, image).toBe(200);
      expect(response.headers.get('content-type'), image).toMatch(/^image\/svg\+xml/);
      expect(await response.text()).toContain('<svg');
    }
  });

  test('serves the API documentation as a page', async () => {
    const response = await fetch(`${first.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await response.text()).toLowerCase()).toContain('swagger');
  });

  test('serves an OpenAPI 3 description with the booking calls', async () => {
    const { status, body } = await callApi(`${first.url}/api/openapi.json`);
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(body.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    for (const call of ['booking_merchant/get', 'booking_zones/get', 'booking_slots/get', 'create', 'get', 'validate', 'cancel', 'merchants']) {
      expect(body.paths, call).toHaveProperty([`/api/booking/${call}`]);
    }
    for (const [route, operations] of Object.entries(body.paths as Record<string, Record<string, { responses?: unknown }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'parameters'], `${method} ${route}`).toContain(method);
        if (method !== 'parameters') expect(operation.responses, `${method} ${route} has responses`).toBeTypeOf('object');
      }
    }
  });

  test.each(['/no-such-restaurant', '/le-petit-zinc/no/such/page'])('answers the unknown page %s with the not-found page and status 404', async (page) => {
    const response = await fetch(`${first.url}${page}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(await readFile(path.join(siteDir, '404.html'), 'utf8'));
  });

  test('answers an unknown API path with a JSON not_found', async () => {
    const { status, body } = await callApi(`${first.url}/api/no-such-call`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error_code: 'not_found' });
  });

  test('takes a booking', async () => {
    const slot = await firstOpenSlot(first.url, 'le-petit-zinc');
    const created = await createBooking(first.url, 'le-petit-zinc', slot);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    bookingToken = created.body.token;
    bookingRef = created.body.booking.ref;
    expect(bookingToken).toBeTruthy();
  });

  test('refuses a second server on the same data folder, naming the folder and the pid that holds it', async () => {
    const second = await spawnServer({ ...env(), SITE_DIR: path.join(dataDir, '..', 'other-site') });
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.stderr()).toContain(dataDir);
    expect(second.stderr()).toContain(`pid ${first.pid}`);
    // The first server is untouched.
    expect((await fetch(`${first.url}/le-petit-zinc`)).status).toBe(200);
  }, 60_000);

  test('stops on SIGINT with exit code 0 within a few seconds and releases the data folder', async () => {
    const started = Date.now();
    expect(await first.stop('SIGINT', 5000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
  }, 10_000);

  test("left every table of its embedded database analysed, as PostgreSQL's autovacuum would have", async () => {
    // A table never analysed nor vacuumed has reltuples -1: the server's upkeep (table-upkeep.ts) ran at its start.
    const database = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const answer = await database.db.execute(sql`
        select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples < 0`);
      expect(rowsOf(answer as ExecuteAnswer<{ relname: string }>)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('a second `npm start` on the same folder', () => {
  let again: ServerProcess;
  beforeAll(async () => {
    again = await startServer(env());
  }, 120_000);

  test('keeps the bookings of the first run', async () => {
    const { status, body } = await callApi(`${again.url}/api/booking/get`, { merchant_slug: 'le-petit-zinc', token: bookingToken });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.booking).toMatchObject({ token: bookingToken, ref: bookingRef });
  });

  test('does not import the demo merchants again', async () => {
    expect(again.stdout()).not.toContain('imported demo merchants');
    const { body } = await callApi(`${again.url}/api/booking/merchants`);
    expect(body.merchants.map((merchant: { slug: string }) => merchant.slug).sort()).toEqual(DEMO.map((merchant) => merchant.slug));
  });

  test('finds the site up to date and does not rebuild it', () => {
    expect(again.stdout()).toContain(`site in ${siteDir} is up to date`);
    expect(again.stdout()).not.toContain('prerendering');
  });

  test('still prints and serves the booking pages', async () => {
    expect(again.stdout()).toContain(`${again.url}/le-petit-zinc`);
    expect((await fetch(`${again.url}/le-petit-zinc`)).status).toBe(200);
  });

  test('stops cleanly again', async () => {
    expect(await again.stop('SIGINT', 5000)).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 10_000);
});

describe('SIGINT while the first site build runs', () => {
  test('exits 0 within a few seconds, releases the folder and leaves no half-built site behind', async () => {
    const work = await tempFolder('start-interrupted');
    const server = await spawnServer({ DATA_DIR: path.join(work, 'data'), SITE_DIR: path.join(work, 'site'), BUILD_SITE: 'auto' });
    await server.waitForOutput(/prerendering \d+ merchant pages/, 60_000);
    const started = Date.now();
    expect(await server.stop('SIGINT', 5000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.stdout()).not.toContain('API documentation');
    expect(existsSync(path.join(work, 'data', 'server.lock'))).toBe(false);
    expect((await readdir(work)).filter((name) => name.includes('.building-'))).toEqual([]);
  }, 90_000);
});
