import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demo: false });
}, 60_000);
afterAll(() => t.close());

let counter = 0;
const details = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Camille',
  lastname: 'Martin',
  email: `camille${++counter}@example.test`,
  phone: '+33 6 12 34 56 78',
  password: 'a long and rare passphrase',
  ...overrides,
});

describe('register creates a platform account and signs it in', () => {
  test('it answers an access token and a refresh token, and the bearer reaches user/get', async () => {
    const body = details({ email: 'Register.Me@Example.test' });
    const answer = await t.post('/api/front/user/register', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, token_type: 'Bearer', expires_in: 3600 });
    expect(answer.body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.post('/api/booking/user/get', {}, { bearer: answer.body.access_token });
    expect(me.body).toEqual({
      success: true,
      user: {
        firstname: 'Camille', lastname: 'Martin', email: 'register.me@example.test', phone: '+33612345678',
        anonymous: false, anonymousEmail: null, onboarding: false,
      },
    });
  });

  test('the password is stored as an argon2id hash and the token only as a SHA-256', async () => {
    const answer = await t.post('/api/front/user/register', details({ email: 'stored@example.test' }));
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'stored@example.test'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('a long and rare passphrase');
    const tokens = await t.database.db.query.accessTokens.findMany({ where: (table, { eq: is }) => is(table.userId, row!.id) });
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]!.tokenHash).not.toBe(answer.body.access_token);
  });
});

describe('register refuses bad details with an errors object keyed by field (HTTP 422)', () => {
  test.each([
    ['an empty first name', { firstname: '' }, 'firstname', 'This field is required.'],
    ['an empty last name', { lastname: ' ' }, 'lastname', 'This field is required.'],
    ['no email', { email: '' }, 'email', 'This field is required.'],
    ['a bad email', { email: 'camille.example.test' }, 'email', 'Invalid email'],
    ['no phone', { phone: '' }, 'phone', 'This field is required.'],
    ['a national phone number', { phone: '06 12 34 56 78' }, 'phone', 'Enter a valid phone number in international format, for example +33 6 12 34 56 78.'],
    ['an impossible phone number', { phone: '+33 1' }, 'phone', 'Enter a valid phone number in international format, for example +33 6 12 34 56 78.'],
    ['no password', { password: '' }, 'password', 'This field is required.'],
    ['a 7-character password', { password: 'abc1234' }, 'password', 'The password must be at least 8 characters long.'],
    ['a common password', { password: 'password123' }, 'password', 'This password is too common: choose another one.'],
    ['a common password in capitals', { password: 'SUNSHINE1' }, 'password', 'This password is too common: choose another one.'],
  ])('%s', async (_name, overrides, field, message) => {
    const answer = await t.post('/api/front/user/register', { ...details(overrides), lang: 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ success: false, error_code: 'validation_error', message: expect.any(String), errors: { [field]: [message] } });
  });

  test('an email already used by an account is refused, whatever its case', async () => {
    const first = details({ email: 'taken@example.test' });
    expect((await t.post('/api/front/user/register', first)).status).toBe(200);
    const again = await t.post('/api/front/user/register', { ...details({ email: 'TAKEN@example.test' }), lang: 'en' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ email: ['An account already uses this email.'] });
  });

  test('the email already used is reported together with the other failing fields', async () => {
    const again = await t.post('/api/front/user/register', { ...details({ email: 'taken@example.test', phone: '123' }), lang: 'en' });
    expect(Object.keys(again.body.errors).sort()).toEqual(['email', 'phone']);
  });

  test('a guest who gave the same email does not block registration', async () => {
    await t.database.db.insert(users).values({ firstname: 'G', lastname: 'Uest', anonymous: true, email: 'guest-then-account@example.test' });
    expect((await t.post('/api/front/user/register', details({ email: 'guest-then-account@example.test' }))).status).toBe(200);
  });

  test.each([
    ['fr', 'Ce champ est obligatoire.'],
    ['es', 'Este campo es obligatorio.'],
    ['it', 'Questo campo è obbligatorio.'],
  ])('messages follow Accept-Language (%s)', async (lang, message) => {
    const answer = await t.post('/api/front/user/register', details({ firstname: '' }), { headers: { 'accept-language': `${lang}-XX,en;q=0.5` } });
    expect(answer.body.errors.firstname).toEqual([message]);
  });

  test('a body that is not an object is a 400, not a crash', async () => {
    const answer = await t.post('/api/front/user/register', 'firstname=x', { headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});
