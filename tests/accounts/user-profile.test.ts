import { beforeAll, describe, expect, test } from 'vitest';
import { createSession } from '../../src/server/auth/sessions.ts';
import { users } from '../../src/server/db/schema.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false });
let account: string;

beforeAll(async () => {
  const registered = await t.post('/api/front/user/register', {
    firstname: 'Léa',
    lastname: 'Petit',
    email: 'lea@example.test',
    phone: '+33612345678',
    password: 'a long and rare passphrase',
  });
  account = registered.body.access_token;
}, 60_000);

const update = (bearer: string | undefined, body: Record<string, unknown>) =>
  t.post('/api/front/user/update', { lang: 'en', ...body }, bearer ? { bearer } : {});

describe('user/get returns the signed-in diner', () => {
  test('with a bearer', async () => {
    const answer = await t.post('/api/booking/user/get', {}, { bearer: account });
    expect(answer.body.user).toEqual({
      firstname: 'Léa',
      lastname: 'Petit',
      email: 'lea@example.test',
      phone: '+33612345678',
      anonymous: false,
      anonymousEmail: null,
      onboarding: false,
    });
  });

  test.each([
    ['no bearer', undefined],
    ['an unknown bearer', 'A'.repeat(43)],
  ])('with %s it is HTTP 401', async (_name, bearer) => {
    const answer = await t.post('/api/booking/user/get', {}, bearer ? { bearer } : {});
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, error_code: 'unauthenticated' });
  });
});

describe('user/update changes the contact details with the same validation', () => {
  test('new names and phone are saved and returned', async () => {
    const answer = await update(account, { firstname: 'Léa-Rose', lastname: 'Petit', phone: '+34 612 34 56 78', email: 'lea@example.test' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user).toMatchObject({ firstname: 'Léa-Rose', phone: '+34612345678', email: 'lea@example.test' });
    expect((await t.post('/api/booking/user/get', {}, { bearer: account })).body.user.firstname).toBe('Léa-Rose');
  });

  test('a phone typed with spaces, dashes, a 00 prefix or a (0) is stored in E.164', async () => {
    for (const [typed, stored] of [
      ['+32 470-12-34-56', '+32470123456'],
      ['0033 6 12 34 56 78', '+33612345678'],
      ['+33 (0)6 12 34 56 78', '+33612345678'],
    ]) {
      const answer = await update(account, { firstname: 'Léa', lastname: 'Petit', phone: typed });
      expect(answer.status, typed).toBe(200);
      expect(answer.body.user.phone).toBe(stored);
    }
  });

  test('the email may be left out', async () => {
    expect((await update(account, { firstname: 'Léa', lastname: 'Petit', phone: '+33612345678' })).status).toBe(200);
  });

  test.each([
    ['no first name', { firstname: '' }, { firstname: ['This field is required.'] }],
    ['no phone', { phone: '' }, { phone: ['This field is required.'] }],
    ['a national phone', { phone: '0612345678' }, { phone: ['Add the country code, for example +44 7400 123456.'] }],
    [
      'a phone of the right length no French number has',
      { phone: '+33 7 00 00 00 00' },
      { phone: ['No number in this country is written like this: check the digits and the country code.'] },
    ],
    ['a phone too short', { phone: '+33 6 12 34' }, { phone: ['This phone number is too short.'] }],
    ['a dial code of no country', { phone: '+999 123 456' }, { phone: ['This country code does not exist.'] }],
    ['a malformed email', { email: 'lea@' }, { email: ['Invalid email'] }],
    ['another email for an account', { email: 'other@example.test' }, { email: ['The email of an account cannot be changed here.'] }],
  ])('%s is refused with 422', async (_name, overrides, errors) => {
    const answer = await update(account, { firstname: 'Léa', lastname: 'Petit', phone: '+33612345678', email: 'lea@example.test', ...overrides });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ success: false, error_code: 'validation_error', errors });
  });

  test('without a bearer it is HTTP 401', async () => {
    expect((await update(undefined, { firstname: 'A', lastname: 'B', phone: '+33612345678' })).status).toBe(401);
  });

  test('a diner who signed in socially leaves onboarding once the details are complete', async () => {
    const [user] = await t.database.db.insert(users).values({ firstname: 'Sam', lastname: '', email: 'sam@social.test', onboarding: true }).returning();
    const { token } = await createSession(t.database.db, user!.id, { now: t.clock.now() });
    expect((await t.post('/api/booking/user/get', {}, { bearer: token })).body.user).toMatchObject({ onboarding: true, phone: null });
    const answer = await update(token, { firstname: 'Sam', lastname: 'Sung', phone: '+447911123456', email: 'sam@social.test' });
    expect(answer.body.user).toMatchObject({ onboarding: false, phone: '+447911123456', lastname: 'Sung' });
  });

  test('a guest may give or change the email the confirmation goes to', async () => {
    const [guest] = await t.database.db.insert(users).values({ firstname: 'G', lastname: 'Uest', phone: '+33612345678', anonymous: true }).returning();
    const { token } = await createSession(t.database.db, guest!.id, { now: t.clock.now() });
    const answer = await update(token, { firstname: 'G', lastname: 'Uest', phone: '+33612345678', email: 'Guest@Example.test' });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ anonymous: true, email: null, anonymousEmail: 'guest@example.test' });
  });
});
