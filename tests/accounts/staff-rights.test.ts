import { beforeAll, describe, expect, test } from 'vitest';
import { everyApiCall, type ApiCall } from '../support/api-calls.ts';
import { draftBooking } from '../support/draft-booking.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();
const calls = everyApiCall({ slug: 'le-petit-zinc', token: 'A'.repeat(32), importSlug: 'unused' });
const staffCalls = calls.filter((call) => call.caller === 'staff');
const dinerCalls = calls.filter((call) => call.caller === 'diner');
let diner: string;
let zincStaff: string;
let sakuraStaff: string;
let token: string;

const login = async (email: string, password: string) => (await t.post('/api/pro/auth/login', { email, password })).body.access_token as string;

beforeAll(async () => {
  ({ bearer: diner } = await t.signIn());
  zincStaff = await login('claire@le-petit-zinc.example', 'zinc-comptoir-1952');
  sakuraStaff = await login('kenji@sakura-ramen.example', 'tonkotsu-18-heures');
  ({ token } = await draftBooking(t, 'le-petit-zinc', diner));
}, 60_000);

/** Sends a call of the list with this bearer, naming the real booking. */
function send(call: ApiCall, bearer: string | undefined) {
  const url = call.url.replaceAll('A'.repeat(32), token);
  const headers = bearer ? { authorization: `Bearer ${bearer}` } : {};
  return t.server.app.inject({ method: call.method, url, headers, ...(call.method === 'GET' ? {} : { payload: call.body ?? {} }) });
}

describe('every staff call refuses who is not staff', () => {
  test('there are staff calls to check', () => {
    expect(staffCalls.length).toBeGreaterThanOrEqual(7);
  });

  test.each(staffCalls.map((call) => [call.route, call] as const))('%s answers 401 to no bearer and to a diner\u2019s bearer', async (_route, call) => {
    for (const bearer of [undefined, diner]) {
      const answer = await send(call, bearer);
      expect(answer.statusCode).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ error_code: 'unauthenticated' });
    }
  });

  test.each(staffCalls.filter((call) => call.url.includes('/le-petit-zinc/')).map((call) => [call.route, call] as const))(
    '%s answers 404 merchant_not_found to another merchant\u2019s staff',
    async (_route, call) => {
      const answer = await send(call, sakuraStaff);
      expect(answer.statusCode).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ error_code: 'merchant_not_found' });
    },
  );
});

describe('a staff bearer acts as no diner', () => {
  test.each(dinerCalls.map((call) => [call.route, call] as const))('%s answers 401 to a staff bearer', async (_route, call) => {
    const answer = await send(call, zincStaff);
    expect(answer.statusCode).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ error_code: 'unauthenticated' });
  });
});
