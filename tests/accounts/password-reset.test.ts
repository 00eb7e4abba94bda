import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { mimePart, startSmtpInbox, subjectOf, type SmtpInbox } from '../support/smtp-inbox.ts';
import { useTestServer } from '../support/use-test-server.ts';

let inbox: SmtpInbox;
const PASSWORD = 'a long and rare passphrase';
const NEW_PASSWORD = 'another quite rare passphrase';
const CLIENT = { client_id: 'couvert-web', client_secret: 'couvert-web-secret' };
const generous = { limit: 1000, windowSeconds: 3600 };

beforeAll(async () => {
  inbox = await startSmtpInbox();
}, 60_000);
afterAll(() => inbox.close());
const t = useTestServer(() => ({
  accounts: {
    mailer: createMailer({ smtpUrl: inbox.url, from: 'Couvert <no-reply@couvert.test>' }),
    limits: { resetPerEmail: generous, resetPerAddress: generous, signInPerEmail: generous, signInPerAddress: generous },
  },
}));

let counter = 0;
async function account(firstname = 'Hugo') {
  const email = `reset${++counter}@example.test`;
  const registered = await t.post('/api/front/user/register', { firstname, lastname: 'Leroy', email, phone: '+33612345678', password: PASSWORD });
  expect(registered.status).toBe(200);
  return { email, bearer: registered.body.access_token as string, refresh: registered.body.refresh_token as string };
}

const returnUrl = () => `${t.publicUrl}/auth/login`;
const forgot = (email: string, extra: Record<string, unknown> = {}) => t.post('/api/user/forgot_password', { email, return_url: returnUrl(), ...extra });
const linkIn = (text: string) => text.match(/https?:\/\/\S+\/auth\/reset_password\?token=[A-Za-z0-9_-]+/)![0];

async function mailedLink(email: string, extra: Record<string, unknown> = {}) {
  const before = inbox.messages.length;
  expect((await forgot(email, extra)).body).toEqual({ success: true });
  const mail = await inbox.waitFor(email);
  expect(inbox.messages.length).toBeGreaterThan(before);
  inbox.messages.splice(inbox.messages.indexOf(mail), 1);
  return { mail, link: linkIn(mimePart(mail.raw, 'text/plain')) };
}

const postForm = (fields: Record<string, string>) =>
  t.post('/auth/reset_password', new URLSearchParams(fields).toString(), { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('forgot_password mails a single-use link to existing accounts only', () => {
  test('the mail arrives over SMTP in the diner\u2019s language, as plain text and HTML, with the link', async () => {
    const { email } = await account('Hugo');
    const { mail, link } = await mailedLink(email, { lang: 'en' });
    expect(mail.from).toBe('no-reply@couvert.test');
    expect(subjectOf(mail.raw)).toBe('Reset your password – Couvert');
    const text = mimePart(mail.raw, 'text/plain');
    expect(text).toContain('Hello Hugo,');
    expect(text).toContain('within 60 minutes');
    expect(link.startsWith(`${t.publicUrl}/auth/reset_password?token=`)).toBe(true);
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const html = mimePart(mail.raw, 'text/html');
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Choose a new password');
  });

  test.each([
    ['fr', 'Réinitialisez votre mot de passe – Couvert', 'Bonjour'],
    ['es', 'Restablezca su contraseña – Couvert', 'Hola'],
    ['it', 'Reimposta la tua password – Couvert', 'Ciao'],
  ])('in %s', async (lang, subject, greeting) => {
    const { email } = await account();
    const { mail } = await mailedLink(email, { lang });
    expect(subjectOf(mail.raw)).toBe(subject);
    expect(mimePart(mail.raw, 'text/plain')).toContain(greeting);
  });

  test('with a merchant named, the mail carries its name and colour', async () => {
    const { email } = await account();
    const { mail } = await mailedLink(email, { lang: 'en', merchant_slug: 'le-petit-zinc' });
    const merchant = (await t.post('/api/booking/booking_merchant/get', { merchant_slug: 'le-petit-zinc' })).body;
    expect(subjectOf(mail.raw)).toBe(`Reset your password – ${merchant.merchant.name}`);
    expect(mimePart(mail.raw, 'text/html').toLowerCase()).toContain(merchant.theme.primary.toLowerCase());
  });

  test('an unknown email gets the very same answer and no mail', async () => {
    const answer = await forgot('nobody-here@example.test');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const { email } = await account();
    await mailedLink(email);
    expect(inbox.messages.some((mail) => mail.to.includes('nobody-here@example.test'))).toBe(false);
  });

  test.each([
    ['another site', 'https://evil.example/auth/login'],
    ['a scheme-relative address', '//evil.example/auth/login'],
    ['no address', ''],
  ])('a return_url on %s is refused', async (_name, url) => {
    const answer = await t.post('/api/user/forgot_password', { email: 'anyone@example.test', return_url: url, lang: 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ return_url: ['This return address does not belong to this site.'] });
  });

  test('a malformed email is refused', async () => {
    const answer = await t.post('/api/user/forgot_password', { email: 'not-an-email', return_url: returnUrl(), lang: 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ email: ['Invalid email'] });
  });
});

describe('the reset page', () => {
  test('shows a form in the site\u2019s style under a strict CSP with no script', async () => {
    const { email } = await account();
    const { link } = await mailedLink(email, { lang: 'fr' });
    const page = await t.get(link.replace(t.publicUrl, ''));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.body as string;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Choisissez un nouveau mot de passe');
    expect(html).toContain('<form method="post" action="/auth/reset_password">');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ style="/);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${t.publicUrl}`);
    const css = html.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  });

  test.each([
    ['en', 'Choose a new password', 'Save the new password'],
    ['fr', 'Choisissez un nouveau mot de passe', 'Enregistrer le mot de passe'],
    ['es', 'Elija una contraseña nueva', 'Guardar la contraseña'],
    ['it', 'Scegli una nuova password', 'Salva la password'],
  ])('speaks %s when asked', async (lang, title, button) => {
    const { email } = await account();
    const { link } = await mailedLink(email, { lang: 'fr' });
    const page = await t.get(`${link.replace(t.publicUrl, '')}&lang=${lang}`);
    expect(page.body).toContain(`<html lang="${lang}">`);
    expect(page.body).toContain(title);
    expect(page.body).toContain(button);
  });

  test.each([
    ['a short password', 'short', 'short', 'The password must be at least 8 characters long.'],
    ['a common password', 'password1', 'password1', 'This password is too common: choose another one.'],
    ['two different passwords', NEW_PASSWORD, `${NEW_PASSWORD}!`, 'The two passwords do not match.'],
  ])('refuses %s and keeps the link usable', async (_name, password, confirmation, message) => {
    const { email } = await account();
    const { link } = await mailedLink(email, { lang: 'en' });
    const answer = await postForm({ token: tokenOf(link), lang: 'en', password, password_confirmation: confirmation });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain(message);
    expect((await t.get(link.replace(t.publicUrl, ''))).status).toBe(200);
  });

  test('a new password sends the diner back to return_url, ends every session, and the old password stops working', async () => {
    const { email, bearer, refresh } = await account();
    const other = await t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username: email, password: PASSWORD });
    const { link } = await mailedLink(email, { lang: 'en' });
    const answer = await postForm({ token: tokenOf(link), lang: 'en', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(returnUrl());
    for (const old of [bearer, other.body.access_token]) expect((await t.post('/api/booking/user/get', {}, { bearer: old })).status).toBe(401);
    expect((await t.post('/oauth/token', { grant_type: 'refresh_token', ...CLIENT, refresh_token: refresh })).body.error).toBe('invalid_grant');
    expect((await t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username: email, password: PASSWORD })).body.error).toBe('invalid_grant');
    expect((await t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username: email, password: NEW_PASSWORD })).status).toBe(200);
  });

  test('a reset link used twice fails the second time', async () => {
    const { email } = await account();
    const { link } = await mailedLink(email, { lang: 'en' });
    const fields = { token: tokenOf(link), lang: 'en', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await postForm(fields)).status).toBe(303);
    const second = await postForm({ ...fields, password: `${NEW_PASSWORD} 2`, password_confirmation: `${NEW_PASSWORD} 2` });
    expect(second.status).toBe(410);
    expect(second.body).toContain('This link no longer works');
    expect(second.body).toContain(`href="${t.publicUrl}/auth/forgot_password"`);
    expect((await t.get(link.replace(t.publicUrl, ''))).status).toBe(410);
    expect((await t.post('/oauth/token', { grant_type: 'password', ...CLIENT, username: email, password: NEW_PASSWORD })).status).toBe(200);
  });

  test('using one link ends the other links still pending', async () => {
    const { email } = await account();
    const first = (await mailedLink(email, { lang: 'en' })).link;
    const second = (await mailedLink(email, { lang: 'en' })).link;
    expect((await postForm({ token: tokenOf(second), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(303);
    expect((await t.get(first.replace(t.publicUrl, ''))).status).toBe(410);
  });

  test('a link is valid one hour', async () => {
    const { email } = await account();
    const { link } = await mailedLink(email, { lang: 'en' });
    t.clock.advance(59);
    expect((await t.get(link.replace(t.publicUrl, ''))).status).toBe(200);
    t.clock.advance(2);
    expect((await t.get(link.replace(t.publicUrl, ''))).status).toBe(410);
    expect((await postForm({ token: tokenOf(link), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(410);
  });

  test.each([
    ['no token', ''],
    ['a made-up token', 'A'.repeat(43)],
  ])('with %s it says the link no longer works', async (_name, token) => {
    const page = await t.get(`/auth/reset_password?token=${token}&lang=en`);
    expect(page.status).toBe(410);
    expect(page.body).toContain('This link no longer works');
  });
});
