import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens, bookings, users } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { createOutboxSmsSender } from '../../src/server/mail/sms.ts';
import { draftBooking, type Draft } from '../support/draft-booking.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The real SMS outbox (the product's default), and a mailer standing in for SMTP: the edges of the world.
const smsDir = await mkdtemp(path.join(tmpdir(), 'couvert-sms-'));
const logLines: string[] = [];
const mails: MailMessage[] = [];
const t = useTestServer({
  trustProxy: true,
  sms: createOutboxSmsSender(smsDir, (line) => logLines.push(line)),
  accounts: { mailer: { send: async (message) => void mails.push(message), close: () => {} } },
});

let guests = 0;
const phoneOf = (n: number) => `+3369876${String(n).padStart(4, '0')}`;

/** A booking taken up by a guest on the first device: its draft, the guest's bearer and phone. */
async function guestBooking(email: string | null = 'nora@example.test'): Promise<{ draft: Draft; bearer: string; phone: string }> {
  guests += 1;
  const draft = await draftBooking(t);
  const phone = phoneOf(guests);
  const answer = await t.post('/api/front/user/no_account', {
    firstname: 'Nora',
    lastname: 'Guest',
    phone,
    email: email ?? '',
    bookingToken: draft.token,
    lang: 'en',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { draft, bearer: answer.body.access_token, phone };
}

/** A second device's guest form on that booking, with other details typed in (and a code, when given). */
const secondDevice = (draft: Draft, code?: string) =>
  t.post('/api/front/user/no_account', {
    firstname: 'Mallory',
    lastname: 'Taker',
    phone: '+33611112222',
    email: 'mallory@example.test',
    bookingToken: draft.token,
    lang: 'en',
    ...(code === undefined ? {} : { code }),
  });

/** The code in the newest SMS written to the outbox for `phone`. */
async function smsCodeFor(phone: string): Promise<string> {
  const files = (await readdir(smsDir)).sort();
  for (const file of files.reverse()) {
    const text = await readFile(path.join(smsDir, file), 'utf8');
    if (text.startsWith(`To: ${phone}\n`)) return /\b(\d{6})\b/.exec(text)![1]!;
  }
  throw new Error(`no SMS to ${phone}`);
}

async function ownerOf(draft: Draft) {
  const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, draft.token));
  const [owner] = await t.database.db.select().from(users).where(eq(users.id, booking!.userId!));
  return owner!;
}

describe('a new guest session on a booking that already has a guest must prove it is that guest', () => {
  test('without a code, a 6-digit code goes to the booking\u2019s phone (the SMS outbox) and email, and the answer says where, masked', async () => {
    const { draft, phone } = await guestBooking();
    const mailsBefore = mails.length;
    const answer = await secondDevice(draft);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      success: false,
      error_code: 'identity_proof_required',
      sent_to: { phone: `•• •• •• •• ${phone.slice(-2)}`, email: 'n•••@example.test' },
    });
    const code = await smsCodeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(mails.slice(mailsBefore)).toEqual([expect.objectContaining({ to: 'nora@example.test', text: expect.stringContaining(code) })]);
    expect(JSON.stringify(answer.body)).not.toContain(code);
  });

  test('the code and the SMS text never reach the log', async () => {
    const { draft, phone } = await guestBooking();
    await secondDevice(draft);
    const code = await smsCodeFor(phone);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(code);
  });

  test('the right code gives the existing guest\u2019s session of that booking, and their details are never replaced', async () => {
    const { draft, phone } = await guestBooking();
    const before = await ownerOf(draft);
    await secondDevice(draft);
    const answer = await secondDevice(draft, await smsCodeFor(phone));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, token_type: 'Bearer', access_token: expect.any(String) });
    const after = await ownerOf(draft);
    expect(after).toEqual(before);
    const read = await t.post('/api/booking/get', { merchant_slug: draft.slug, token: draft.token }, { bearer: answer.body.access_token });
    expect(read.body.booking).toMatchObject({ canManage: true, bookingClient: { firstname: 'Nora', lastname: 'Guest', phone } });
  });

  test('a code works once', async () => {
    const { draft, phone } = await guestBooking();
    await secondDevice(draft);
    const code = await smsCodeFor(phone);
    expect((await secondDevice(draft, code)).status).toBe(200);
    expect((await secondDevice(draft, code)).body.error_code).toBe('identity_proof_invalid');
  });

  test.each([
    ['a wrong code', (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')],
    ['a code of another length', () => '12345'],
    ['letters', () => 'abcdef'],
  ])('%s is 403 identity_proof_invalid and changes nothing', async (_name, wrong) => {
    const { draft, phone } = await guestBooking();
    const before = await ownerOf(draft);
    await secondDevice(draft);
    const answer = await secondDevice(draft, wrong(await smsCodeFor(phone)));
    expect(answer.status).toBe(403);
    expect(answer.body.error_code).toBe('identity_proof_invalid');
    expect(await ownerOf(draft)).toEqual(before);
  });

  test('a code is void after 10 minutes (the server\u2019s clock)', async () => {
    const { draft, phone } = await guestBooking();
    await secondDevice(draft);
    const code = await smsCodeFor(phone);
    const start = t.clock.now();
    try {
      t.clock.advance(10);
      expect((await secondDevice(draft, code)).body.error_code).toBe('identity_proof_invalid');
    } finally {
      t.clock.set(start);
    }
  });

  test('a code still works at 9 minutes', async () => {
    const { draft, phone } = await guestBooking();
    await secondDevice(draft);
    const code = await smsCodeFor(phone);
    const start = t.clock.now();
    try {
      t.clock.advance(9);
      expect((await secondDevice(draft, code)).status).toBe(200);
    } finally {
      t.clock.set(start);
    }
  });

  test('five wrong tries void the code: the right one then fails too', async () => {
    const { draft, phone } = await guestBooking();
    await secondDevice(draft);
    const code = await smsCodeFor(phone);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await secondDevice(draft, wrong)).body.error_code).toBe('identity_proof_invalid');
    expect((await secondDevice(draft, code)).body.error_code).toBe('identity_proof_invalid');
  });

  test('four wrong tries leave the fifth to the right code', async () => {
    const { draft, phone } = await guestBooking();
    await secondDevice(draft);
    const code = await smsCodeFor(phone);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) await secondDevice(draft, wrong);
    expect((await secondDevice(draft, code)).status).toBe(200);
  });

  test('a new code voids the one sent before', async () => {
    const { draft, phone } = await guestBooking();
    await secondDevice(draft);
    const first = await smsCodeFor(phone);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await secondDevice(draft);
    const second = await smsCodeFor(phone);
    if (first !== second) expect((await secondDevice(draft, first)).body.error_code).toBe('identity_proof_invalid');
    expect((await secondDevice(draft, second)).status).toBe(200);
  });

  test('at most 3 codes per booking an hour: the 4th ask is 429 rate_limited and sends nothing', async () => {
    const { draft, phone } = await guestBooking();
    for (let i = 0; i < 3; i++) expect((await secondDevice(draft)).body.error_code).toBe('identity_proof_required');
    const sent = (await readdir(smsDir)).length;
    const refused = await secondDevice(draft);
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('rate_limited');
    expect((await readdir(smsDir)).length).toBe(sent);
    expect(await smsCodeFor(phone)).toMatch(/^\d{6}$/);
  });

  test('a guest without email gets the code by SMS only (sent_to.email is null)', async () => {
    const { draft } = await guestBooking(null);
    const mailsBefore = mails.length;
    const answer = await secondDevice(draft);
    expect(answer.body.sent_to).toMatchObject({ email: null, phone: expect.stringMatching(/^•• •• •• •• \d\d$/) });
    expect(mails.length).toBe(mailsBefore);
  });

  test('a booking held by an account is still booking_forbidden, and no code is sent', async () => {
    const owner = await t.signIn();
    const draft = await draftBooking(t, 'le-petit-zinc', owner.bearer);
    const sent = (await readdir(smsDir)).length;
    const answer = await secondDevice(draft);
    expect(answer.status).toBe(403);
    expect(answer.body.error_code).toBe('booking_forbidden');
    expect((await readdir(smsDir)).length).toBe(sent);
  });

  test('a fresh draft without a diner is taken up as before, without a code', async () => {
    const draft = await draftBooking(t);
    const answer = await secondDevice(draft);
    expect(answer.status).toBe(200);
    expect((await ownerOf(draft)).firstname).toBe('Mallory');
  });

  test('two guests taking one fresh draft at once: the first has it, the other is refused and gets no bearer', async () => {
    // Refused at the write when both read the draft free, or asked for a code when the first had it before the second read.
    const draft = await draftBooking(t);
    const answers = await Promise.all([
      secondDevice(draft),
      t.post('/api/front/user/no_account', { firstname: 'Nina', lastname: 'Other', phone: '+33633334444', bookingToken: draft.token, lang: 'en' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const refused = answers.find((answer) => answer.status === 403)!;
    expect(['booking_forbidden', 'identity_proof_required']).toContain(refused.body.error_code);
    const winner = answers.find((answer) => answer.status === 200)!;
    const ref = { merchant_slug: draft.slug, token: draft.token };
    expect((await t.post('/api/booking/get', ref, { bearer: winner.body.access_token })).body.booking.bookingClient.firstname).toBe(
      (await ownerOf(draft)).firstname,
    );
    // Only the winner's bearer was written for the booking.
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, draft.token));
    expect(await t.database.db.select().from(accessTokens).where(eq(accessTokens.bookingId, booking!.id))).toHaveLength(1);
  });
});
