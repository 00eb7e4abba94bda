import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { createRealtime, type Realtime } from '../../src/server/realtime/realtime.ts';
import { silentRealtimeLogger } from '../../src/server/realtime/realtime-logger.ts';
import { createServer, type CouvertServer } from '../../src/server/server.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { REPO_ROOT, tempFolder, cleanUp } from './processes.ts';
import { contractExample } from '../support/contract-examples.ts';

const CONTRACT_EXAMPLE = contractExample('merchant.example.json');
const example = JSON.parse(await readFile(CONTRACT_EXAMPLE, 'utf8')) as Record<string, any>;

/** The contract's example with `change` applied to a copy. */
function definition(change: (copy: Record<string, any>) => void = () => {}): Record<string, any> {
  const copy = structuredClone(example);
  change(copy);
  return copy;
}

interface Reply {
  status: number;
  body: any;
}

async function send(server: CouvertServer, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, token?: string): Promise<Reply> {
  const response = await server.app.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

const t = useTestServer({ demo: false });
/** PUT as the provider; `token: null` sends no Authorization header. */
const put = (slug: string, body: unknown, token: string | null = ADMIN_TOKEN) =>
  send(t.server, 'PUT', `/api/admin/merchants/${slug}`, body, token ?? undefined);
const stored = async (slug: string) => (await send(t.server, 'GET', `/api/admin/merchants/${slug}`, undefined, ADMIN_TOKEN)).body.merchant;

describe('PUT /api/admin/merchants/{slug} with ADMIN_TOKEN set', () => {
  test('creates a merchant from its definition: 201', async () => {
    const reply = await put('chez-marcel', definition());
    expect(reply).toEqual({ status: 201, body: { success: true, created: true, slug: 'chez-marcel' } });
    expect((await stored('chez-marcel')).name).toBe('Chez Marcel');
  });

  test('updates it when put again: 200', async () => {
    const reply = await put(
      'chez-marcel',
      definition((copy) => (copy.name = 'Chez Marcel et Fils')),
    );
    expect(reply).toEqual({ status: 200, body: { success: true, created: false, slug: 'chez-marcel' } });
    expect((await stored('chez-marcel')).name).toBe('Chez Marcel et Fils');
  });

  test('takes the slug from the address when the body leaves it out', async () => {
    const reply = await put(
      'chez-marcel',
      definition((copy) => delete copy.slug),
    );
    expect(reply.status).toBe(200);
  });

  test.each([
    ['a table seating nobody', 'zones.1.tables.0.maxSeats', (copy: Record<string, any>) => (copy.zones[1].tables[0].maxSeats = 0)],
    ['a colour that is not one', 'theme.primary', (copy: Record<string, any>) => (copy.theme.primary = 'rouge')],
    ['a shift at 25 o\u2019clock', 'shifts.2.slots.0.start', (copy: Record<string, any>) => (copy.shifts[2].slots[0].start = '25:00')],
    ['a missing name', 'name', (copy: Record<string, any>) => delete copy.name],
    ['a slug other than the address', 'slug', (copy: Record<string, any>) => (copy.slug = 'chez-paulette')],
  ])('refuses %s with 400 invalid_merchant_definition naming %s, changing nothing', async (_case, fieldPath, change) => {
    const before = await stored('chez-marcel');
    const reply = await put(
      'chez-marcel',
      definition((copy) => {
        copy.name = 'Should Not Be Stored';
        change(copy);
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, error_code: 'invalid_merchant_definition' });
    expect(reply.body.message).toContain(fieldPath);
    expect(reply.body.issues.map((issue: { path: string }) => issue.path)).toContain(fieldPath);
    expect(await stored('chez-marcel')).toEqual(before);
  });

  test.each(['logo', 'banner', 'zones.0.image'])('refuses a relative image path in %s over HTTP, saying to use an https URL or the CLI', async (field) => {
    const reply = await put(
      'chez-marcel',
      definition((copy) => {
        if (field === 'zones.0.image') copy.zones[0].image = 'images/salle.svg';
        else copy[field] = 'images/logo.svg';
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error_code).toBe('invalid_merchant_definition');
    expect(reply.body.message).toContain(`${field}: `);
    expect(reply.body.message).toMatch(/https URL/);
    expect(reply.body.message).toMatch(/merchant -- import/);
  });

  test('ignores a baseDir given over HTTP: only the local socket may name a folder', async () => {
    const demoDir = encodeURIComponent(path.join(REPO_ROOT, 'scripts/demo-merchants'));
    const reply = await send(
      t.server,
      'PUT',
      `/api/admin/merchants/chez-marcel?baseDir=${demoDir}`,
      definition((copy) => (copy.logo = 'images/le-petit-zinc-logo.svg')),
      ADMIN_TOKEN,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^logo: /);
  });

  test('accepts https image URLs as they are', async () => {
    const reply = await put(
      'chez-marcel',
      definition((copy) => (copy.logo = 'https://images.example/chez-marcel.svg')),
    );
    expect(reply.status).toBe(200);
    expect((await stored('chez-marcel')).logo).toBe('https://images.example/chez-marcel.svg');
  });

  test.each([
    ['a wrong token', 'not-the-admin-token'],
    ['an empty token', ''],
    ['the token with one character more', `${ADMIN_TOKEN}x`],
  ])('answers 401 unauthenticated to %s, changing nothing', async (_case, token) => {
    const before = await stored('chez-marcel');
    const reply = await put(
      'chez-marcel',
      definition((copy) => (copy.name = 'Intruder')),
      token,
    );
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, error_code: 'unauthenticated' });
    expect(await stored('chez-marcel')).toEqual(before);
  });

  test('answers 401 to a call without Authorization', async () => {
    const reply = await put('chez-marcel', definition(), null);
    expect(reply.status).toBe(401);
    expect(reply.body.error_code).toBe('unauthenticated');
  });
});

describe('the admin API without ADMIN_TOKEN', () => {
  let database: DatabaseHandle;
  let realtime: Realtime;
  let server: CouvertServer;
  beforeAll(async () => {
    database = await openTestDatabase();
    realtime = createRealtime({ appId: 'test', key: 'test-key', secret: 'test-secret', cluster: 'eu', logger: silentRealtimeLogger });
    server = await createServer({ db: database.db, realtime, mediaDir: await tempFolder('admin-media'), logLevel: 'silent' });
    await server.app.ready();
  });
  afterAll(async () => {
    await realtime.close();
    await server.app.close();
    await database.close();
    await cleanUp();
  });

  test.each([
    ['PUT', '/api/admin/merchants/chez-marcel', definition(), undefined],
    ['PUT', '/api/admin/merchants/chez-marcel', definition(), ADMIN_TOKEN],
    ['GET', '/api/admin/merchants/chez-marcel', undefined, ADMIN_TOKEN],
    ['POST', '/api/admin/bookings/ABCDEFGH/confirm', {}, ADMIN_TOKEN],
  ] as const)('answers %s %s with 404 not_found (the admin API is off over the network)', async (method, url, payload, token) => {
    const reply = await send(server, method, url, payload, token);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ success: false, error_code: 'not_found' });
    const merchants = await send(server, 'GET', '/api/booking/merchants');
    expect(merchants.body.merchants).toEqual([]);
  });
});
