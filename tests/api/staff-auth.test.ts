import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { expectError, expectOk, fixtureMerchant, uniqueSlug } from './api-helpers.ts';

const t = useTestServer();
const CLAIRE = { email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' };
const KENJI = { email: 'kenji@sakura-ramen.example', password: 'tonkotsu-18-heures' };

const login = (body: Record<string, unknown>) => t.post('/api/pro/auth/login', body);
const bearerOf = async (who: { email: string; password: string }) => expectOk(await login(who)).body.access_token as string;

describe('staff sign-in at POST /api/pro/auth/login', () => {
  test('a demo staff member signs in and gets a staff bearer and their merchant', async () => {
    const answer = expectOk(await login({ email: ' Claire@Le-Petit-Zinc.example ', password: CLAIRE.password }));
    expect(answer.body).toMatchObject({
      success: true,
      token_type: 'Bearer',
      expires_in: 12 * 3600,
      merchants: [{ slug: 'le-petit-zinc', name: expect.any(String) }],
    });
    expect(answer.body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('an unknown email and a wrong password get the same answer', async () => {
    const unknown = await login({ email: 'nobody@le-petit-zinc.example', password: CLAIRE.password });
    const wrong = await login({ email: CLAIRE.email, password: 'not the password' });
    expectError(unknown, 401, 'unauthenticated');
    expectError(wrong, 401, 'unauthenticated');
    expect(unknown.body).toEqual(wrong.body);
  });

  test('a staff member listed by two merchants with one password gets both', async () => {
    const slug = uniqueSlug('pro-two');
    await t.importMerchant({ ...fixtureMerchant(slug), staff: [{ email: KENJI.email, password: KENJI.password }] });
    const answer = expectOk(await login(KENJI));
    expect(answer.body.merchants.map((merchant: { slug: string }) => merchant.slug).sort()).toEqual([slug, 'sakura-ramen'].sort());
  });

  test('GET /api/pro/me names the staff member and their merchants, with their role there (a definition without roles: owner)', async () => {
    const bearer = await bearerOf(CLAIRE);
    const me = expectOk(await t.get('/api/pro/me', { bearer }));
    expect(me.body).toEqual({
      success: true,
      email: CLAIRE.email,
      merchants: [
        {
          slug: 'le-petit-zinc',
          name: expect.any(String),
          timezone: 'Europe/Paris',
          channel: expect.stringMatching(/^private-merchant\.[0-9a-f-]{36}$/),
          role: 'owner',
        },
      ],
    });
  });

  test('a new definition that drops a staff member ends their session at once; one that adds them elsewhere does not widen it', async () => {
    const slug = uniqueSlug('pro-dropped');
    const other = uniqueSlug('pro-other');
    const host = { email: `host@${slug}.example`, password: 'a host for one evening' };
    await t.importMerchant({ ...fixtureMerchant(slug), staff: [host] });
    await t.importMerchant(fixtureMerchant(other));
    const bearer = await bearerOf(host);
    expect(expectOk(await t.get('/api/pro/me', { bearer })).body.merchants.map((merchant: { slug: string }) => merchant.slug)).toEqual([slug]);
    await t.importMerchant({ ...fixtureMerchant(other), staff: [host] });
    expect(expectOk(await t.get('/api/pro/me', { bearer })).body.merchants.map((merchant: { slug: string }) => merchant.slug)).toEqual([slug]);
    await t.importMerchant({ ...fixtureMerchant(slug), staff: [] });
    expectError(await t.get(`/api/pro/${slug}/bookings`, { bearer }), 401, 'unauthenticated');
  });

  test('logout ends the staff bearer', async () => {
    const bearer = await bearerOf(CLAIRE);
    expectOk(await t.post('/api/pro/auth/logout', {}, { bearer }));
    expectError(await t.get('/api/pro/me', { bearer }), 401, 'unauthenticated');
  });
});

describe('staff and diner bearers are different kinds', () => {
  test('a diner\u2019s bearer and no bearer are refused by the staff calls', async () => {
    const { bearer } = await t.signIn();
    expectError(await t.get('/api/pro/me', { bearer }), 401, 'unauthenticated');
    expectError(await t.get('/api/pro/me'), 401, 'unauthenticated');
    expectError(await t.post('/api/pro/auth/logout', {}, { bearer }), 401, 'unauthenticated');
  });

  test('a staff bearer does not act as a diner', async () => {
    const bearer = await bearerOf(CLAIRE);
    expectError(await t.post('/api/booking/user/get', { lang: 'en' }, { bearer }), 401, 'unauthenticated');
    expectError(await t.post('/api/front/user/bookings', { limit: 10, lang: 'en' }, { bearer }), 401, 'unauthenticated');
  });
});

describe('a staff member changes their password at POST /api/pro/auth/password', () => {
  test('with the current password: the new one signs in, the old one no more, other sessions end', async () => {
    const slug = uniqueSlug('pro-pass');
    const who = { email: `chef@${slug}.example`, password: 'the first long passphrase' };
    await t.importMerchant({ ...fixtureMerchant(slug), staff: [who] });
    const other = await bearerOf(who);
    const bearer = await bearerOf(who);
    expectOk(await t.post('/api/pro/auth/password', { current: who.password, next: 'a second and longer passphrase' }, { bearer }));
    expectError(await login(who), 401, 'unauthenticated');
    expectOk(await login({ email: who.email, password: 'a second and longer passphrase' }));
    expectOk(await t.get('/api/pro/me', { bearer }));
    expectError(await t.get('/api/pro/me', { bearer: other }), 401, 'unauthenticated');
  });

  test('a wrong current password or a weak new one is refused, naming the field', async () => {
    const bearer = await bearerOf(CLAIRE);
    const wrong = await t.post('/api/pro/auth/password', { current: 'not it', next: 'a second and longer passphrase' }, { bearer });
    expectError(wrong, 400, 'validation_error');
    expect(wrong.body.errors).toEqual({ current: ['wrong_current'] });
    const weak = await t.post('/api/pro/auth/password', { current: CLAIRE.password, next: 'short' }, { bearer });
    expect(weak.body.errors).toEqual({ next: ['too_short'] });
  });
});

describe('staff sign-in limits', () => {
  test('one email from one address is refused past its limit with 429', async () => {
    const slug = uniqueSlug('pro-limit');
    const who = { email: `host@${slug}.example`, password: 'not the password at all' };
    let last = await login(who);
    for (let attempt = 1; attempt < 11; attempt += 1) last = await login(who);
    expectError(last, 429, 'rate_limited');
    expect(last.headers['retry-after']).toBeDefined();
  }, 60_000);
});
