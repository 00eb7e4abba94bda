import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { expectError, expectOk, fixtureMerchant, uniqueSlug } from '../api/api-helpers.ts';
import { mimePart, startSmtpInbox, subjectOf, type SmtpInbox } from '../support/smtp-inbox.ts';
import { useTestServer } from '../support/use-test-server.ts';

let inbox: SmtpInbox;
const NEW_PASSWORD = 'a new and rather rare passphrase';
const generous = { limit: 1000, windowSeconds: 3600 };
const RESETS_PER_EMAIL = 3;

beforeAll(async () => {
  inbox = await startSmtpInbox();
}, 60_000);
afterAll(() => inbox.close());
const t = useTestServer(() => ({
  demo: false,
  accounts: {
    mailer: createMailer({ smtpUrl: inbox.url, from: 'Couvert <no-reply@couvert.test>' }),
    limits: {
      resetPerEmail: { limit: RESETS_PER_EMAIL, windowSeconds: 3600 },
      resetPerAddress: generous,
      signInPerEmail: generous,
      signInPerAddress: generous,
    },
  },
}));

let counter = 0;
/** A staff email listed by each of `count` new fixture merchants, with its password there. */
async function staffOf(count: number) {
  const email = `host${++counter}-${process.pid}@staff.example`;
  const password = `the old passphrase ${counter}`;
  const slugs: string[] = [];
  for (let i = 0; i < count; i++) {
    const slug = uniqueSlug('reset');
    await t.importMerchant({ ...fixtureMerchant(slug, { name: `Bistro ${slug}` }), staff: [{ email, password }] });
    slugs.push(slug);
  }
  return { email, password, slugs };
}

const login = (email: string, password: string) => t.post('/api/pro/auth/login', { email, password });
const forgot = (email: string, lang = 'en') => t.post('/api/pro/auth/forgot', { email, lang });
const linkIn = (text: string) => text.match(/https?:\/\/\S+\/auth\/reset_password\?token=[A-Za-z0-9_-]+/)![0];
const postForm = (fields: Record<string, string>) =>
  t.post('/auth/reset_password', new URLSearchParams(fields).toString(), { headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function mailedLink(email: string, lang = 'en') {
  expect((await forgot(email, lang)).body).toEqual({ success: true });
  const mail = await inbox.waitFor(email);
  inbox.messages.splice(inbox.messages.indexOf(mail), 1);
  const link = linkIn(mimePart(mail.raw, 'text/plain'));
  return { mail, link, token: new URL(link).searchParams.get('token')! };
}

describe('POST /api/pro/auth/forgot mails staff a single-use link', () => {
  test('over SMTP, in the asked language, in the merchant\u2019s name, to the diners\u2019 reset page', async () => {
    const { email, slugs } = await staffOf(1);
    const { mail, link } = await mailedLink(email, 'fr');
    expect(subjectOf(mail.raw)).toBe(`Réinitialisez votre mot de passe – Bistro ${slugs[0]}`);
    expect(link.startsWith(`${t.publicUrl}/auth/reset_password?token=`)).toBe(true);
    const page = await t.get(link.replace(t.publicUrl, ''));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
  });

  test('staff of several merchants get the provider\u2019s name', async () => {
    const { email } = await staffOf(2);
    expect(subjectOf((await mailedLink(email)).mail.raw)).toBe('Reset your password – Couvert');
  });

  test('an unknown email and a diner\u2019s email get the very same answer and no mail', async () => {
    const diner = `diner${++counter}@example.test`;
    await t.post('/api/front/user/register', { firstname: 'Léa', lastname: 'Roux', email: diner, phone: '+33612345678', password: 'a diner passphrase here' });
    for (const email of ['nobody@staff.example', diner]) {
      const answer = await forgot(email);
      expect([answer.status, answer.body]).toEqual([200, { success: true }]);
    }
    // The sentinel: a staff member's link asked after them. Their look-ups find nobody and end before it is stored and
    // sent, so a mail of theirs would have arrived first.
    const { email } = await staffOf(1);
    await mailedLink(email);
    expect(inbox.messages.some((mail) => mail.to.includes('nobody@staff.example') || mail.to.includes(diner))).toBe(false);
  });

  test(`is refused past ${RESETS_PER_EMAIL} requests an hour for one email, with 429`, async () => {
    const { email } = await staffOf(1);
    for (let i = 0; i < RESETS_PER_EMAIL; i++) expectOk(await forgot(email));
    expectError(await forgot(email), 429, 'rate_limited');
    // Another email from the same address is not held back by it.
    expectOk(await forgot('someone-else@staff.example'));
  });
});

describe('the link sets the password of every merchant listing the email, once, and ends every session', () => {
  test('a new password through the page: old sessions end, the new password signs in everywhere, the old one nowhere', async () => {
    const { email, password, slugs } = await staffOf(2);
    const first = expectOk(await login(email, password)).body.access_token as string;
    const second = expectOk(await login(email, password)).body.access_token as string;
    const { token } = await mailedLink(email);

    const done = await postForm({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`${t.publicUrl}/pro`);
    for (const bearer of [first, second]) expectError(await t.get('/api/pro/me', { bearer }), 401, 'unauthenticated');
    expectError(await login(email, password), 401, 'unauthenticated');
    const signedIn = expectOk(await login(email, NEW_PASSWORD)).body;
    expect(signedIn.merchants.map((merchant: { slug: string }) => merchant.slug).sort()).toEqual([...slugs].sort());
  });

  test('the link works once: used, it answers 410 on the page and changes nothing', async () => {
    const { email } = await staffOf(1);
    const { token, link } = await mailedLink(email);
    expect((await postForm({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(303);
    expect((await t.get(link.replace(t.publicUrl, ''))).status).toBe(410);
    expect((await postForm({ token, password: 'yet another rare passphrase', password_confirmation: 'yet another rare passphrase' })).status).toBe(410);
    expectOk(await login(email, NEW_PASSWORD));
  });

  test('using one link voids the others', async () => {
    const { email } = await staffOf(1);
    const older = await mailedLink(email);
    const newer = await mailedLink(email);
    expect((await postForm({ token: newer.token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(303);
    expect((await postForm({ token: older.token, password: 'yet another rare passphrase', password_confirmation: 'yet another rare passphrase' })).status).toBe(
      410,
    );
  });

  test('a weak or mismatched password is refused on the page and the link still works', async () => {
    const { email } = await staffOf(1);
    const { token } = await mailedLink(email);
    expect((await postForm({ token, password: 'short', password_confirmation: 'short' })).status).toBe(422);
    expect((await postForm({ token, password: NEW_PASSWORD, password_confirmation: 'something else entirely' })).status).toBe(422);
    expect((await postForm({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(303);
  });

  test('the link expires after an hour', async () => {
    const { email } = await staffOf(1);
    const { token } = await mailedLink(email);
    t.clock.advance(61);
    expect((await postForm({ token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(410);
  });
});
