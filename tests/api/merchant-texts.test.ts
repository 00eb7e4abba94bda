import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { contractExample } from '../support/contract-examples.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { expectOk, uniqueSlug } from './api-helpers.ts';

// A merchant's own texts in four languages: stored as given, exported and edited unchanged, answered in the diner's language.
const t = useTestServer({ demo: false });

type Json = Record<string, any>;

/** The contract's v2 example without the fields not built yet (combinations, durations by party size, tables' online/priority/plan). */
function v2Example(slug: string): Json {
  const definition: Json = JSON.parse(readFileSync(contractExample('merchant.v2.example.json'), 'utf8'));
  delete definition.settings.durationByPartySize;
  for (const zone of definition.zones) {
    delete zone.combinations;
    zone.tables = zone.tables.map(({ name, minSeats, maxSeats }: Json) => ({ name, minSeats, maxSeats }));
  }
  return { ...definition, slug };
}

const slug = uniqueSlug('texts');
const source = v2Example(slug);
const exported = async (of = slug) => expectOk(await t.get(`/api/admin/merchants/${of}`, { bearer: ADMIN_TOKEN })).body.merchant as Json;
const put = async (definition: Json) => {
  const answer = await t.put(`/api/admin/merchants/${definition.slug}`, definition, { bearer: ADMIN_TOKEN });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
};
const texts = (definition: Json) => JSON.stringify({ description: definition.description, bookingDescription: definition.bookingDescription });
const merchantGet = (body: Json, headers?: Record<string, string>) =>
  t.post('/api/booking/booking_merchant/get', { merchant_slug: slug, ...body }, headers ? { headers } : {});

beforeAll(async () => {
  await put(source);
}, 60_000);

describe('the provider’s export', () => {
  test('writes the texts per language exactly as imported, keys in order, and imports its export again unchanged', async () => {
    const first = await exported();
    expect(texts(first)).toBe(texts(source));
    await put(first);
    const second = await exported();
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  test('keeps a text given as one string a string, and one listing English first with English first', async () => {
    const other: Json = { ...v2Example(uniqueSlug('texts')), description: 'Un seul texte', bookingDescription: { en: 'Book', it: 'Prenota' } };
    delete other.staff;
    await put(other);
    expect(texts(await exported(other.slug))).toBe(texts(other));
  });
});

describe('the restaurant’s own definition', () => {
  test('GET answers the texts as stored, and a PUT of what was read keeps them', async () => {
    const owner = source.staff.find((member: Json) => member.role === 'owner');
    const bearer = expectOk(await t.post('/api/pro/auth/login', { email: owner.email, password: owner.password })).body.access_token as string;
    const read = expectOk(await t.get(`/api/pro/${slug}/definition`, { bearer })).body;
    expect(texts(read.definition)).toBe(texts(source));
    const changed = { ...read.definition, description: { it: 'Bistrot parigino', fr: 'Bistrot parisien' } };
    expectOk(await t.put(`/api/pro/${slug}/definition`, { definition: changed, revision: read.revision }, { bearer }));
    const again = expectOk(await t.get(`/api/pro/${slug}/definition`, { bearer })).body;
    expect(JSON.stringify(again.definition.description)).toBe(JSON.stringify(changed.description));
    expectOk(await t.put(`/api/pro/${slug}/definition`, { definition: read.definition, revision: again.revision }, { bearer }));
    expect(texts(await exported())).toBe(texts(source));
  });
});

describe('booking_merchant/get answers the merchant’s texts', () => {
  test.each<[string, Json, Record<string, string> | undefined, string, string]>([
    [
      'in the language asked for',
      { lang: 'en' },
      undefined,
      'A Paris bistro since 1952. Market cooking, natural wines.',
      'Book your table in seconds. For more than 8 guests, please call us.',
    ],
    [
      'in the browser’s language',
      {},
      { 'accept-language': 'en-GB,en;q=0.8' },
      'A Paris bistro since 1952. Market cooking, natural wines.',
      'Book your table in seconds. For more than 8 guests, please call us.',
    ],
    [
      'in the first language listed when the one asked for is missing',
      { lang: 'it' },
      undefined,
      'Bistrot parisien depuis 1952. Cuisine du marché, vins natures.',
      'Réservez votre table en quelques secondes. Au-delà de 8 personnes, appelez-nous.',
    ],
    [
      'in the first language listed when none is asked for',
      {},
      undefined,
      'Bistrot parisien depuis 1952. Cuisine du marché, vins natures.',
      'Réservez votre table en quelques secondes. Au-delà de 8 personnes, appelez-nous.',
    ],
  ])('%s', async (_name, body, headers, description, bookingDescription) => {
    const { merchant } = expectOk(await merchantGet(body, headers)).body;
    expect(merchant).toMatchObject({ description, bookingDescription });
  });
});
