import { beforeAll, describe, expect, test } from 'vitest';
import { everyApiCall, registeredRoutes, type ApiCall } from '../support/api-calls.ts';
import { draftBooking } from '../support/draft-booking.ts';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { fixtureMerchant, uniqueSlug } from './api-helpers.ts';

const LONE = '\ud800';
// The check comes before any route reads its body, so the samples need not name a real booking.
const calls = everyApiCall({ slug: 'le-petit-zinc', token: 'A'.repeat(32), importSlug: uniqueSlug('unicode') });
const t = useTestServer();
let bearer: string;
let staffBearer: string;

beforeAll(async () => {
  ({ bearer } = await t.signIn());
  staffBearer = (await t.post('/api/pro/auth/login', { email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' })).body.access_token;
}, 60_000);

const bearers = (): Record<ApiCall['caller'], string | undefined> => ({ admin: ADMIN_TOKEN, diner: bearer, staff: staffBearer, anyone: undefined });
const headersFor = (call: ApiCall): Record<string, string> => {
  const given = bearers()[call.caller];
  return given ? { authorization: `Bearer ${given}` } : {};
};

/** The body of a call with a lone surrogate in its first field (inside the address for a merchant definition). */
function withLoneSurrogate(call: ApiCall): { body: Record<string, unknown>; field: string } {
  const body = structuredClone(call.body ?? {});
  if (call.route === 'PUT /api/admin/merchants/:slug') {
    body.address = { ...(body.address as object), address: `1 rue ${LONE}` };
    return { body, field: 'address.address' };
  }
  const field = Object.keys(body)[0] ?? 'note';
  body[field] = `x${LONE}y`;
  return { body, field };
}

describe('text that is not well-formed Unicode is refused at the boundary of every call, naming the field', () => {
  test('the list of calls is every route the server registers', () => {
    expect([...new Set(calls.map((call) => `${call.route}`))].sort()).toEqual(registeredRoutes(t.server.app));
  });

  test.each(calls.filter((call) => call.method !== 'GET' && !call.bytes).map((call) => [call.route, call] as const))(
    '%s answers 400 validation_error naming the field that holds a lone surrogate',
    async (_route, call) => {
      const { body, field } = withLoneSurrogate(call);
      const response = await t.server.app.inject({ method: call.method, url: call.url, headers: headersFor(call), payload: body });
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        success: false,
        error_code: 'validation_error',
        errors: { [field]: ['not well-formed Unicode (a lone surrogate)'] },
      });
    },
  );

  test.each([
    ['a key', { merchant_slug: 'le-petit-zinc', [`k${LONE}`]: 1 }, `k${LONE}`],
    ['an array item', { merchant_slug: 'le-petit-zinc', list: ['ok', `${LONE}`] }, 'list.1'],
    ['a low surrogate alone', { merchant_slug: `zinc\udc00` }, 'merchant_slug'],
    ['a reversed pair', { merchant_slug: 'zinc\udc00\ud800' }, 'merchant_slug'],
  ])('a lone surrogate in %s is found', async (_where, body, field) => {
    const answer = await t.post('/api/booking/closed_booking_calendar', body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });

  test('the admin import of a definition with a lone surrogate in its address writes nothing', async () => {
    const slug = uniqueSlug('unicode');
    const definition = fixtureMerchant(slug, { address: { address: `1 rue ${LONE}`, zip: '75002', city: 'Paris' } });
    const answer = await t.server.app.inject({
      method: 'PUT',
      url: `/api/admin/merchants/${slug}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: definition,
    });
    expect(answer.statusCode).toBe(400);
    expect((await t.get(`/api/admin/merchants/${slug}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status).toBe(404);
  });

  test('well-formed text outside the Basic Multilingual Plane (a surrogate pair) is taken as it is', async () => {
    const { token } = await draftBooking(t);
    const answer = await t.post('/api/booking/set_comment', { merchant_slug: 'le-petit-zinc', token, comment: 'Pasta 🍝 please' });
    expect(answer.status).toBe(200);
    expect(answer.body.booking.comment).toBe('Pasta 🍝 please');
  });
});
