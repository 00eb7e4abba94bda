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
