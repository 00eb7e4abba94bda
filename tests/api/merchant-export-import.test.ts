import { describe, expect, test } from 'vitest';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The demo merchants come with images, imported under the media folder.
const t = useTestServer();

const exported = async (slug: string) => (await t.get(`/api/admin/merchants/${slug}`, { bearer: ADMIN_TOKEN })).body.merchant;
const put = async (slug: string, definition: unknown) => {
  const response = await t.server.app.inject({
    method: 'PUT',
    url: `/api/admin/merchants/${slug}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: definition as object,
  });
  return { status: response.statusCode, body: response.json() };
};

describe('the admin API takes back what export wrote', () => {
  test.each(['le-petit-zinc', 'sakura-ramen', 'trattoria-nonna'])('%s: export, import, export again: equal', async (slug) => {
    const before = await exported(slug);
    expect(before.banner).toMatch(new RegExp(`^/media/${slug}/`));
    const answer = await put(slug, before);
    expect(answer.body).toMatchObject({ success: true, created: false });
    expect(await exported(slug)).toEqual(before);
  });
});

describe('the address’s country and region', () => {
  test('a definition’s country and region are kept, exported and imported again unchanged; a lower-case country is read as its code', async () => {
    const before = await exported('le-petit-zinc');
    const answer = await put('le-petit-zinc', { ...before, address: { ...before.address, country: 'fr', region: 'Île-de-France' } });
    expect(answer.body).toMatchObject({ success: true });
    const after = await exported('le-petit-zinc');
    expect(after.address).toMatchObject({ country: 'FR', region: 'Île-de-France' });
    expect((await put('le-petit-zinc', after)).body).toMatchObject({ success: true });
    expect(await exported('le-petit-zinc')).toEqual(after);
    const listed = (await t.get('/api/booking/merchants')).body.merchants.find((merchant: { slug: string }) => merchant.slug === 'le-petit-zinc');
    expect(listed.address).toMatchObject({ country: 'FR', region: 'Île-de-France' });
  });

  test('a country that is not an ISO 3166-1 alpha-2 code is refused, naming the field', async () => {
    const before = await exported('sakura-ramen');
    const answer = await put('sakura-ramen', { ...before, address: { ...before.address, country: 'France' } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('address.country');
  });
});
