import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { createOutboxSmsSender } from '../../src/server/mail/sms.ts';
import { draftBooking, type Draft } from '../support/draft-booking.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The real SMS outbox, and a mailer standing in for SMTP: the edges of the world.
const smsDir = await mkdtemp(path.join(tmpdir(), 'couvert-sms-'));
const mails: MailMessage[] = [];
const t = useTestServer({
  sms: createOutboxSmsSender(smsDir, () => {}),
  accounts: { mailer: { send: async (message) => void mails.push(message), close: () => {} } },
});

let counter = 0;
const unique = () => `${++counter}-${process.pid}`;
const phoneOf = () => `+3361${String(++counter).padStart(7, '0')}`;

/** A booking a guest validated with these details: its draft and the guest's bearer. */
async function guestBooked(details: { email?: string; phone: string }): Promise<{ draft: Draft; bearer: string }> {
  const draft = await draftBooking(t);
  const guest = await t.post('/api/front/user/no_account', {
    firstname: 'Nora',
    lastname: 'Guest',
    phone: details.phone,
    email: details.email ?? '',
    bookingToken: draft.token,
  });
  expect(guest.status, JSON.stringify(guest.body)).toBe(200);
  const bearer = guest.body.access_token as string;
  const validated = await t.post('/api/booking/validate', { merchant_slug: draft.slug, token: draft.token }, { bearer });
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  return { draft, bearer };
}

/** The code in the newest mail to `email`. */
function mailedCodeFor(email: string): string {
  const mail = [...mails].reverse().find((message) => message.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** The code in the newest SMS to `phone` (the outbox files). */
async function smsCodeFor(phone: string): Promise<string> {
  for (const file of (await readdir(smsDir)).sort().reverse()) {
    const text = await readFile(path.join(smsDir, file), 'utf8');
    if (text.startsWith(`To: ${phone}\n`)) return /\b(\d{6})\b/.exec(text)![1]!;
  }
  throw new Error(`no SMS to ${phone}`);
}

const offer = (bearer: string) => t.post('/api/front/user/guest_bookings', {}, { bearer });
const sendCode = (bearer: string, channel: 'email' | 'phone') => t.post('/api/front/user/guest_bookings/code', { channel, lang: 'en' }, { bearer });
const attach = (bearer: string, channel: 'email' | 'phone', code: string) => t.post('/api/front/user/guest_bookings/attach', { channel, code }, { bearer });
const listed = async (bearer: string) => {
  const answer = await t.post('/api/front/user/bookings', {}, { bearer });
  return [...answer.body.coming, ...answer.body.past].map((booking: { token: string }) => booking.token);
};
const ownerId = async (draft: Draft) => (await t.database.db.select().from(bookings).where(eq(bookings.token, draft.token)))[0]!.userId;

describe('an account finds the bookings it made as a guest under its email or phone', () => {
  test('the offer counts them by channel; the code mailed to the email attaches them, and the account then lists and manages them', async () => {
    const email = `lea-${unique()}@example.test`;
    const first = await guestBooked({ email, phone: phoneOf() });
    const second = await guestBooked({ email, phone: phoneOf() });
    const account = await t.signIn({ email, phone: phoneOf() });

    const before = await offer(account.bearer);
    expect(before.body).toEqual({ success: true, email: { count: 2, sent_to: expect.stringMatching(/^l•••@example\.test$/) }, phone: null });
    expect(await listed(account.bearer)).toEqual([]);

    const sent = await sendCode(account.bearer, 'email');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sent_to).toBe(before.body.email.sent_to);
    const attached = await attach(account.bearer, 'email', mailedCodeFor(email));
    expect(attached.body).toEqual({ success: true, attached: 2 });

    expect((await listed(account.bearer)).sort()).toEqual([first.draft.token, second.draft.token].sort());
    expect((await offer(account.bearer)).body).toMatchObject({ email: null, phone: null });
    const read = await t.post('/api/booking/get', { merchant_slug: first.draft.slug, token: first.draft.token }, { bearer: account.bearer });
    expect(read.body.canManage ?? read.body.booking?.canManage).toBe(true);
    // The account manages them now; the guest session that made one no longer does.
    const ref = { merchant_slug: first.draft.slug, token: first.draft.token };
    expect((await t.post('/api/booking/set_comment', { ...ref, comment: 'old guest' }, { bearer: first.bearer })).status).toBe(403);
    expect((await t.post('/api/booking/cancel', ref, { bearer: account.bearer })).status).toBe(200);
  });

  test('a code sent to the phone attaches the bookings under that phone only, never those under the email', async () => {
    const email = `sam-${unique()}@example.test`;
    const phone = phoneOf();
    const byEmail = await guestBooked({ email, phone: phoneOf() });
    const byPhone = await guestBooked({ email: `other-${unique()}@example.test`, phone });
    const account = await t.signIn({ email, phone });
    expect((await offer(account.bearer)).body).toMatchObject({ email: { count: 1 }, phone: { count: 1 } });

    expect((await sendCode(account.bearer, 'phone')).status).toBe(200);
    expect((await attach(account.bearer, 'phone', await smsCodeFor(phone))).body).toEqual({ success: true, attached: 1 });
    expect(await ownerId(byPhone.draft)).toBe(account.userId);
    expect(await ownerId(byEmail.draft)).not.toBe(account.userId);
  });

  test('a code proves one account\u2019s contact only: another account with the same phone cannot use it', async () => {
    const phone = phoneOf();
    const booked = await guestBooked({ phone });
    const first = await t.signIn({ phone });
    const second = await t.signIn({ phone });
    expect((await sendCode(first.bearer, 'phone')).status).toBe(200);
    const code = await smsCodeFor(phone);
    const stolen = await attach(second.bearer, 'phone', code);
    expect([stolen.status, stolen.body.error_code]).toEqual([403, 'identity_proof_invalid']);
    // Nor on the other channel of the account it was sent for.
    expect((await attach(first.bearer, 'email', code)).status).toBe(403);
    expect(await ownerId(booked.draft)).not.toBe(second.userId);
    expect((await attach(first.bearer, 'phone', code)).body.attached).toBe(1);
  });

  test('a code works once, and five wrong tries void it', async () => {
    const email = `zoe-${unique()}@example.test`;
    const booked = await guestBooked({ email, phone: phoneOf() });
    const account = await t.signIn({ email });
    await sendCode(account.bearer, 'email');
    const code = mailedCodeFor(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await attach(account.bearer, 'email', wrong)).body.error_code).toBe('identity_proof_invalid');
    expect((await attach(account.bearer, 'email', code)).status).toBe(403);
    expect(await ownerId(booked.draft)).not.toBe(account.userId);

    await sendCode(account.bearer, 'email');
    const fresh = mailedCodeFor(email);
    expect((await attach(account.bearer, 'email', fresh)).body.attached).toBe(1);
    expect((await attach(account.bearer, 'email', fresh)).status).toBe(403);
  });

  test('two attaches at once with the one right code: the account row lock lets exactly one through', async () => {
    const email = `duo-${unique()}@example.test`;
    const booked = await guestBooked({ email, phone: phoneOf() });
    const account = await t.signIn({ email });
    await sendCode(account.bearer, 'email');
    const code = mailedCodeFor(email);
    const [before] = await t.database.db.select().from(bookings).where(eq(bookings.token, booked.draft.token));
    const answers = await Promise.all([attach(account.bearer, 'email', code), attach(account.bearer, 'email', code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(answers.find((answer) => answer.status === 200)!.body.attached).toBe(1);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, booked.draft.token));
    expect([row!.userId, row!.revision]).toEqual([account.userId, before!.revision + 1]);
  });

  test('no code is sent where no guest booking is, and at most 3 an hour to one contact', async () => {
    const empty = await t.signIn({ email: `nobody-${unique()}@example.test` });
    const none = await sendCode(empty.bearer, 'email');
    expect([none.status, none.body.error_code]).toEqual([404, 'booking_not_found']);

    const email = `max-${unique()}@example.test`;
    await guestBooked({ email, phone: phoneOf() });
    const account = await t.signIn({ email });
    for (let i = 0; i < 3; i++) expect((await sendCode(account.bearer, 'email')).status).toBe(200);
    const fourth = await sendCode(account.bearer, 'email');
    expect([fourth.status, fourth.body.error_code]).toEqual([429, 'rate_limited']);
  });

  test('drafts and bookings already held by an account are never offered nor attached', async () => {
    const email = `ida-${unique()}@example.test`;
    const draft = await draftBooking(t);
    expect((await t.post('/api/front/user/no_account', { firstname: 'I', lastname: 'D', phone: phoneOf(), email, bookingToken: draft.token })).status).toBe(
      200,
    );
    const account = await t.signIn({ email });
    expect((await offer(account.bearer)).body.email).toBeNull();
  });
});
