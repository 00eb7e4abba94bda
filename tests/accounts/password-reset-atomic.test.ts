/** Using a reset link is one transaction for diners and staff alike: of two uses at once, exactly one wins. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { fixtureMerchant, uniqueSlug } from '../api/api-helpers.ts';
import { mimePart, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts';
import { databaseKind } from '../support/test-database.ts';
import { useTestServer } from '../support/use-test-server.ts';

let inbox: SmtpInbox;
const CLIENT = { client_id: 'couvert-web', client_secret: 'couvert-web-secret' };
const generous = { limit: 1000, windowSeconds: 3600 };

beforeAll(async () => {
  inbox = await startSmtpInbox();
}, 60_000);
afterAll(() => inbox.close());
const t = useTestServer(() => ({
  demo: false,
  accounts: {
    mailer: createMailer({ smtpUrl: inbox.url, from: 'Couvert <no-reply@couvert.test>' }),
    limits: { resetPerEmail: generous, resetPerAddress: generous, signInPerEmail: generous, signInPerAddress: generous },
  },
}));

let counter = 0;
const PASSWORD = 'the first and rather rare passphrase';

/** A new account of each signer, how to ask it a link, and whether a password signs it in. */
const signers = {
  async diner() {
    const email = `atomic${++counter}-${process.pid}@example.test`;
    const registered = await t.post('/api/front/user/register', { firstname: 'Ana', lastname: 'Ruiz', email, phone: '+33612345678', password: PASSWORD });
    expect(registered.status).toBe(200);
    return {
      email,
      forgot: () => t.post('/api/user/forgot_password', { email, return_url: `${t.publicUrl}/auth/login`, lang: 'en' }),
      signsIn: async (password: string) => (await t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username: email, password })).status === 200,
    };
  },
  async staff() {
    const email = `atomic-host${++counter}-${process.pid}@staff.example`;
    for (let i = 0; i < 2; i++) await t.importMerchant({ ...fixtureMerchant(uniqueSlug('atomic')), staff: [{ email, password: PASSWORD }] });
    return {
      email,
      forgot: () => t.post('/api/pro/auth/forgot', { email, lang: 'en' }),
      signsIn: async (password: string) => (await t.post('/api/pro/auth/login', { email, password })).status === 200,
    };
  },
};

async function mailedToken(account: { email: string; forgot: () => Promise<{ body: unknown }> }): Promise<string> {
  expect((await account.forgot()).body).toEqual({ success: true });
  const mail = await inbox.waitFor(account.email);
  inbox.messages.splice(inbox.messages.indexOf(mail), 1);
  const link = mimePart(mail.raw, 'text/plain').match(/https?:\/\/\S+\/auth\/reset_password\?token=([A-Za-z0-9_-]+)/)!;
  return link[1]!;
}

const use = (token: string, password: string) =>
  t.post('/auth/reset_password', new URLSearchParams({ token, lang: 'en', password, password_confirmation: password }).toString(), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/**
 * Runs `uses` while the test holds the account's rows locked, and lets go only once `waiting` statements wait on a
 * lock: every use has then got as far as the account before any goes on (PostgreSQL only: PGlite has one connection).
 */
async function withAccountHeld<T>(who: 'diner' | 'staff', email: string, waiting: number, uses: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    if (who === 'diner') await tx.execute(sql`select id from users where email = ${email} for update`);
    else await tx.execute(sql`select id from staff where email = ${email} for update`);
    held();
    await released;
  });
  await holding;
  const answers = uses();
  await vi.waitFor(
    async () => {
      const [row] = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { n: number }[];
      expect(row!.n).toBeGreaterThanOrEqual(waiting);
    },
    { timeout: 30_000, interval: 20 },
  );
  release();
  await holder;
  return answers;
}

describe.each([['diner' as const], ['staff' as const]])('for a %s, a reset link', (who) => {
  test('used twice at once: exactly one use sets the password, the other finds the link gone', async () => {
    const account = await signers[who]();
    const token = await mailedToken(account);
    const passwords = ['a second rare passphrase one', 'a second rare passphrase two'];
    const answers = await Promise.all(passwords.map((password) => use(token, password)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 410]);
    const winner = passwords[answers.findIndex((answer) => answer.status === 303)]!;
    expect(await account.signsIn(winner)).toBe(true);
    expect(await account.signsIn(passwords.find((password) => password !== winner)!)).toBe(false);
  });

  test('two links of one account used at once: exactly one wins, since using one ends the other in the same transaction', async () => {
    const account = await signers[who]();
    const tokens = [await mailedToken(account), await mailedToken(account)];
    const passwords = ['a third rare passphrase one', 'a third rare passphrase two'];
    const answers = await Promise.all(tokens.map((token, i) => use(token, passwords[i]!)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 410]);
    const winner = passwords[answers.findIndex((answer) => answer.status === 303)]!;
    expect(await account.signsIn(winner)).toBe(true);
    expect(await account.signsIn(PASSWORD)).toBe(false);
  });

  test.skipIf(databaseKind === 'pglite')(
    'two links used at once, both past their first statement before either goes on: still exactly one wins',
    async () => {
      const account = await signers[who]();
      const tokens = [await mailedToken(account), await mailedToken(account)];
      const passwords = ['a fourth rare passphrase one', 'a fourth rare passphrase two'];
      const answers = await withAccountHeld(who, account.email, 2, () => Promise.all(tokens.map((token, i) => use(token, passwords[i]!))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([303, 410]);
      const winner = passwords[answers.findIndex((answer) => answer.status === 303)]!;
      expect(await account.signsIn(winner)).toBe(true);
      expect(await account.signsIn(passwords.find((password) => password !== winner)!)).toBe(false);
    },
    60_000,
  );
});
