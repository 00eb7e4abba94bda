import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.ts';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The edge of the world: what would go out by mail.
const sent: MailMessage[] = [];
// Who waits for a mail to an address: told the moment it is sent (the server sends it after answering).
const waiting: Array<{ to: string; resolve: (message: MailMessage) => void }> = [];
const mailer: Mailer = {
  send: async (message) => {
    sent.push(message);
    for (const waiter of waiting.filter((candidate) => candidate.to === message.to)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  },
  close: () => {},
};

const t = useTestServer({ demo: false, accounts: { mailer } });

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
        firstname: 'Camille',
        lastname: 'Martin',
        email: 'register.me@example.test',
        phone: '+33612345678',
        anonymous: false,
        anonymousEmail: null,
        onboarding: false,
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
    ['a national phone number', { phone: '06 12 34 56 78' }, 'phone', 'Add the country code, for example +44 7400 123456.'],
    ['an impossible phone number', { phone: '+33 1' }, 'phone', 'This phone number is too short.'],
    [
      'a French number of the right length no French line has',
      { phone: '+33 7 00 00 00 00' },
      'phone',
      'No number in this country is written like this: check the digits and the country code.',
    ],
    ['no password', { password: '' }, 'password', 'This field is required.'],
    ['a 7-character password', { password: 'abc1234' }, 'password', 'The password must be at least 8 characters long.'],
    ['a common password', { password: 'password123' }, 'password', 'This password is too common: choose another one.'],
    ['a common password in capitals', { password: 'SUNSHINE1' }, 'password', 'This password is too common: choose another one.'],
  ])('%s', async (_name, overrides, field, message) => {
    const answer = await t.post('/api/front/user/register', { ...details(overrides), lang: 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ success: false, error_code: 'validation_error', message: expect.any(String), errors: { [field]: [message] } });
  });

  test('another failing field is reported alone, whether or not the email has an account', async () => {
    expect((await t.post('/api/front/user/register', details({ email: 'reported@example.test' }))).status).toBe(200);
    const again = await t.post('/api/front/user/register', { ...details({ email: 'reported@example.test', phone: '123' }), lang: 'en' });
    expect(Object.keys(again.body.errors)).toEqual(['phone']);
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

describe('register never tells whether an email has an account; the owner is told by mail', () => {
  // A server of its own: registrations here would otherwise run into the first server's limit per address.
  const u = useTestServer({ demo: false, accounts: { mailer } });

  const waitForMail = (to: string): Promise<MailMessage> => {
    const found = sent.find((message) => message.to === to);
    return found ? Promise.resolve(found) : new Promise((resolve) => waiting.push({ to, resolve }));
  };
  const shape = (body: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.replace(/[A-Za-z0-9_-]{43}/, 'TOKEN') : value]));

  test('a second registration with an account\u2019s email, whatever its case, answers exactly like a new account', async () => {
    const fresh = await u.post('/api/front/user/register', details({ email: 'owner@example.test' }));
    const again = await u.post('/api/front/user/register', details({ email: 'OWNER@example.test', firstname: 'Mallory' }));
    expect(again.status).toBe(fresh.status);
    expect(shape(again.body)).toEqual(shape(fresh.body));
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
  });

  test('its bearer does not reach the account: it is a guest holding what was typed, who may book with it', async () => {
    await u.post('/api/front/user/register', details({ email: 'kept@example.test', firstname: 'Owner' }));
    const again = await u.post('/api/front/user/register', details({ email: 'kept@example.test', firstname: 'Mallory', password: 'another rare passphrase' }));
    const me = await u.post('/api/booking/user/get', {}, { bearer: again.body.access_token });
    expect(me.body.user).toMatchObject({ firstname: 'Mallory', email: null, anonymous: true, anonymousEmail: 'kept@example.test', phone: '+33612345678' });
  });

  test('the account keeps its password: the one typed into the second registration does not sign in', async () => {
    await u.post('/api/front/user/register', details({ email: 'password@example.test' }));
    await u.post('/api/front/user/register', details({ email: 'password@example.test', password: 'another rare passphrase' }));
    const signIn = (password: string) =>
      u.post('/oauth/token', {
        grant_type: 'password',
        client_id: 'couvert-web',
        client_secret: 'couvert-web-secret',
        username: 'password@example.test',
        password,
      });
    expect((await signIn('a long and rare passphrase')).status).toBe(200);
    expect((await signIn('another rare passphrase')).status).toBe(400);
  });

  test.each([
    ['en', 'You already have an account – Couvert', 'Hello Owner,'],
    ['fr', 'Vous avez déjà un compte – Couvert', 'Bonjour Owner,'],
    ['es', 'Ya tiene una cuenta – Couvert', 'Hola, Owner:'],
    ['it', 'Hai già un account – Couvert', 'Ciao Owner,'],
  ])('the owner gets a mail (%s) greeting them by their own name, with the sign-in and new-password pages', async (lang, subject, greeting) => {
    const email = `mail-${lang}@example.test`;
    await u.post('/api/front/user/register', details({ email, firstname: 'Owner' }));
    expect(sent.some((message) => message.to === email)).toBe(false);
    await u.post('/api/front/user/register', { ...details({ email, firstname: '<b>Mallory</b>' }), lang });
    const mail = await waitForMail(email);
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(greeting)).toBe(true);
    expect(mail.text).toContain(`${u.publicUrl}/auth/login`);
    expect(mail.text).toContain(`${u.publicUrl}/auth/forgot_password`);
    expect(mail.text + mail.html).not.toContain('Mallory');
  });
});
