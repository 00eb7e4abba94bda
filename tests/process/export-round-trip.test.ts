import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cleanUp, runMerchantCli, startServer, tempFolder, type ServerProcess } from './processes.ts';

const ADMIN_TOKEN = 'export-round-trip-admin-token';
const SLUG = 'le-petit-zinc';

let work: string;
let env: Record<string, string>;
let server: ServerProcess;

/** The definition `npm run merchant -- export` prints (through the running server). */
async function exported(slug: string): Promise<any> {
  const result = await runMerchantCli(['export', slug], env);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

/** PUT /api/admin/merchants/{slug} over HTTP, as a provider's tool would. */
async function putOverHttp(slug: string, definition: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/api/admin/merchants/${slug}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(definition),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  work = await tempFolder('export-round-trip');
  env = { DATA_DIR: path.join(work, 'data'), SITE_DIR: path.join(work, 'site'), BUILD_SITE: 'never', ADMIN_TOKEN };
  // The demo merchants are imported with their images, which export names by their /media address.
  server = await startServer(env);
}, 120_000);

afterAll(cleanUp, 30_000);

describe('a definition written by `merchant export` imports again unchanged', () => {
  test('through the admin API over HTTP, then through the CLI', async () => {
    const first = await exported(SLUG);
    expect(first.logo).toMatch(new RegExp(`^/media/${SLUG}/`));
    expect(first.settings.bookingHorizonDays).toBe(90);
    expect(first.settings.reminderHours).toEqual([24, 2]);
    expect(first.notifications).toEqual({ email: ['claire@le-petit-zinc.example', 'salle@le-petit-zinc.example'], phone: '+33699002727' });

    const overHttp = await putOverHttp(SLUG, first);
    expect(overHttp.body).toMatchObject({ success: true, created: false });
    expect(overHttp.status).toBe(200);
    expect(await exported(SLUG)).toEqual(first);

    const file = path.join(work, `${SLUG}.json`);
    await writeFile(file, JSON.stringify(first, null, 2));
    const throughCli = await runMerchantCli(['import', file], env);
    expect(throughCli.stderr).toBe('');
    expect(throughCli.stdout).toBe(`updated ${SLUG}\n`);
    expect(await exported(SLUG)).toEqual(first);
  }, 60_000);

  test.each([
    ['another merchant\u2019s image', (logo: string) => logo.replace(`/media/${SLUG}/`, '/media/sakura-ramen/'), /only this merchant's own images/],
    ['an image this server does not have', () => `/media/${SLUG}/nothing-000000000000.svg`, /no image \/media\/le-petit-zinc\/nothing-000000000000\.svg/],
  ])(
    'a /media path naming %s is refused, naming the field',
    async (_case, logoOf, message) => {
      const definition = await exported(SLUG);
      const answer = await putOverHttp(SLUG, { ...definition, logo: logoOf(definition.logo) });
      expect(answer.status).toBe(400);
      expect(answer.body.error_code).toBe('invalid_merchant_definition');
      expect(answer.body.issues).toEqual([{ path: 'logo', message: expect.stringMatching(message) }]);
      expect(await exported(SLUG)).toEqual(definition);
    },
    60_000,
  );
});
