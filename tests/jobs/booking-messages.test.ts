import { beforeEach, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bookings, jobs, merchants, messagesOutbox } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { adminAction, bookingOf, call, create, createDraft, expectOk, importFixture, unix, type Fixture } from '../api/api-helpers.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { planPeriodicJobs } from '../../src/server/jobs/periodic-jobs.ts';

/** The edge of the world: what left by SMS and by mail. */
const texts: Array<{ to: string; text: string }> = [];
const mails: MailMessage[] = [];
let smsDown = 0;
let plannerBroken = false;
const RESTAURANT = { emails: ['salle@fixture.example'], phones: ['+33100000001'] };

const t = useTestServer({
  demo: false,
  sms: {
    async send(to, text) {
      if (smsDown > 0) {
        smsDown--;
        throw new Error('gateway down');
      }
      texts.push({ to, text });
    },
  },
  accounts: { mailer: { send: async (message) => void mails.push(message), close: () => {} } },
  restaurantRecipients: () => {
    if (plannerBroken) throw new Error('the outbox could not be written');
    return RESTAURANT;
  },
});

const START = '2026-11-23T09:00:00Z';
const AT = unix('2026-11-25T19:30:00+01:00');
let fixture: Fixture;
let dinerPhone: string;
const DINER_EMAIL = () => `diner-${process.pid}-${texts.length}-${mails.length}-${Math.random().toString(36).slice(2)}@example.test`;

beforeEach(async () => {
  t.clock.set(START);
  await t.database.db.delete(jobs);
  texts.length = 0;
  mails.length = 0;
  smsDown = 0;
  plannerBroken = false;
  fixture = await importFixture(t, 'messages', { zones: [{ name: 'Salle', tables: [1, 2, 3, 4].map((n) => ({ name: `S${n}`, minSeats: 1, maxSeats: 4 })) }] });
});

/** A pending booking of a new diner with an account email; its token and the diner's bearer. */
async function pendingBooking(at = AT): Promise<{ token: string; bearer: string; email: string }> {
  const email = DINER_EMAIL();
  const diner = await t.signIn({ email });
  dinerPhone = (await t.database.db.query.users.findFirst({ where: (users, { eq: is }) => is(users.id, diner.userId) }))!.phone!;
  const token = await createDraft(t, { slug: fixture.slug, at, zone: 'all', seats: 2, bearer: diner.bearer });
  expectOk(await call(t, 'validate', fixture.slug, token, diner.bearer));
  return { token, bearer: diner.bearer, email };
}

async function outboxOf(token: string) {
  const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
  const rows = await t.database.db.select().from(messagesOutbox).where(eq(messagesOutbox.bookingId, booking!.id));
  return rows.map((row) => ({ kind: row.kind, channel: row.channel, recipient: row.recipient, state: row.state, revision: row.revision }));
}

/** Which kinds went to whom, as sent rows say, after the due jobs ran. */
async function sentAfterJobs(token: string) {
  await t.server.jobs.runDue();
  const rows = await outboxOf(token);
  return rows
    .filter((row) => row.state === 'sent')
    .map((row) => `${row.kind} ${row.channel} ${row.recipient}`)
    .sort();
}

describe('what each change of a booking sends (docs/messages.md, the table)', () => {
  test('validated and pending: the diner hears it is received, the restaurant gets one to confirm', async () => {
    const { token, email } = await pendingBooking();
    expect(await sentAfterJobs(token)).toEqual(
      [
        `diner-received email ${email}`,
        `diner-received sms ${dinerPhone}`,
        'restaurant-new-booking email salle@fixture.example',
        'restaurant-new-booking sms +33100000001',
      ].sort(),
    );
    // The diner's first text message, once, with the manage link (docs/security.md).
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    expect(texts.filter((sms) => sms.to === dinerPhone).map((sms) => sms.text)).toEqual([
      expect.stringContaining(`https://book.example/b/${token}#manage=${booking!.manageKey}`),
    ]);
    expect(mails.map((mail) => mail.to).sort()).toEqual([email, 'salle@fixture.example'].sort());
  });

  test.each([
    ['confirmed by the restaurant', 'confirm', {}, ['diner-confirmed']],
    ['refused by the restaurant', 'refuse', { reason: 'restaurant_full', message: 'Complet' }, ['diner-cancelled-by-restaurant']],
    ['cancelled by the restaurant', 'cancel', { reason: 'restaurant_cancelled' }, ['diner-cancelled-by-restaurant']],
  ])('%s: the diner is told by mail and SMS', async (_what, action, body, kinds) => {
    const { token, email } = await pendingBooking();
    await t.server.jobs.runDue();
    expectOk(await adminAction(t, token, action, body));
    const sent = await sentAfterJobs(token);
    for (const kind of kinds) expect(sent).toEqual(expect.arrayContaining([`${kind} email ${email}`, `${kind} sms ${dinerPhone}`]));
    expect(sent.filter((line) => !line.includes('new-booking') && !line.includes('diner-received'))).toHaveLength(2);
  });

  test('cancelled by the diner: noted for the diner, told to the restaurant', async () => {
    const { token, bearer, email } = await pendingBooking();
    await t.server.jobs.runDue();
    expectOk(await call(t, 'cancel', fixture.slug, token, bearer));
    const sent = await sentAfterJobs(token);
    expect(sent).toEqual(
      expect.arrayContaining([
        `diner-cancelled-by-diner email ${email}`,
        `diner-cancelled-by-diner sms ${dinerPhone}`,
        'restaurant-diner-cancelled email salle@fixture.example',
        'restaurant-diner-cancelled sms +33100000001',
      ]),
    );
  });

  test('changed by the diner: both sides hear of the new time', async () => {
    const { token, bearer, email } = await pendingBooking();
    await t.server.jobs.runDue();
    expectOk(await create(t, { slug: fixture.slug, at: AT + 1800, zone: 'all', seats: 3, token, bearer }));
    const sent = await sentAfterJobs(token);
    expect(sent).toEqual(
      expect.arrayContaining([`diner-changed email ${email}`, `diner-changed sms ${dinerPhone}`, 'restaurant-diner-changed email salle@fixture.example']),
    );
  });

  test('what leaves is the builders\u2019 message: the restaurant\u2019s name, the reference, the links and the .ics', async () => {
    const { token, email } = await pendingBooking();
    await t.server.jobs.runDue();
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    const toDiner = mails.find((mail) => mail.to === email)!;
    expect(toDiner.subject).toContain(`Fixture ${fixture.slug}`);
    expect(toDiner.text).toContain(booking!.ref);
    expect(toDiner.text).toContain(`https://book.example/${fixture.slug}/booking_complete/${token}`);
    expect(toDiner.html).toContain('FoodEstablishmentReservation');
    expect(toDiner.attachments?.map((file) => file.content).join('')).toContain('METHOD:REQUEST');
    const toRestaurant = mails.find((mail) => mail.to === 'salle@fixture.example')!;
    expect(toRestaurant.text).toContain(`https://book.example/pro/${fixture.slug}`);
    // The restaurant's messages never carry the diner's manage key.
    expect(`${toRestaurant.text}${toRestaurant.html}`).not.toContain(booking!.manageKey);
    const restaurantSms = texts.find((sms) => sms.to === '+33100000001')!;
    expect(restaurantSms.text).toContain(`https://book.example/pro/${fixture.slug}`);
    expect(restaurantSms.text).toContain('2 pers.');
  });

  test('a change by the diner says what it was and what it is now (the old time and party, kept in the outbox row)', async () => {
    const { token, bearer, email } = await pendingBooking();
    await t.server.jobs.runDue();
    mails.length = 0;
    expectOk(await create(t, { slug: fixture.slug, at: AT + 1800, zone: 'all', seats: 3, token, bearer }));
    // What it was is written with the change, in its transaction: the send later cannot know it any more.
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    const rows = await t.database.db
      .select()
      .from(messagesOutbox)
      .where(and(eq(messagesOutbox.bookingId, booking!.id), eq(messagesOutbox.kind, 'diner-changed')));
    expect(rows.map((row) => (row.data.booking as { previous?: unknown }).previous)).toEqual(
      rows.map(() => ({ startsAt: '2026-11-25T18:30:00.000Z', clientCount: 2, zoneName: 'Salle' })),
    );
    await t.server.jobs.runDue();
    for (const to of [email, 'salle@fixture.example']) {
      const text = mails.find((mail) => mail.to === to)!.text;
      expect(text).toMatch(/Heure\s:\s20:00\s\(avant\s:\s19:30\)/);
      expect(text).toMatch(/Couverts\s:\s3\spersonnes\s\(avant\s:\s2\spersonnes\)/);
    }
  });

  test('a move by the restaurant says what it was and what it is now', async () => {
    const { token, email } = await pendingBooking();
    await t.server.jobs.runDue();
    mails.length = 0;
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.slug, fixture.slug));
    await t.server.bookings.restaurantMove(token, merchant!.id, fixture.slug, { at: new Date((AT + 3600) * 1000), zoneId: 'all' });
    await t.server.jobs.runDue();
    const text = mails.find((mail) => mail.to === email)!.text;
    expect(text).toMatch(/Heure\s:\s20:30\s\(avant\s:\s19:30\)/);
    // The party did not change: no "before" for it.
    expect(text).toMatch(/Couverts\s:\s2\spersonnes\n/);
  });

  test.each([
    ['a phone booking with an email is confirmed to the diner by mail and by SMS', false, ['diner-confirmed email', 'diner-confirmed sms']],
    ['a walk-in seated now is created arrived and sent nothing', true, []],
  ])('%s', async (_what, seated, sent) => {
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.slug, fixture.slug));
    const email = DINER_EMAIL();
    const at = seated ? t.clock.now() : new Date(AT * 1000);
    const booking = await t.server.bookings.restaurantCreate(fixture.slug, merchant!.id, {
      at,
      zoneId: 'all',
      clientCount: 2,
      diner: { firstname: 'Lou', lastname: 'Passant', phone: '+33612345678', email },
      comment: '',
      lang: 'fr',
      seated,
    });
    expect(booking.arrivedAt).toEqual(seated ? t.clock.now() : null);
    expect((await sentAfterJobs(booking.token)).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(sent);
    expect(mails.filter((mail) => mail.to === email)).toHaveLength(seated ? 0 : 1);
  });

  test('messages are written in the transaction of the change: a change whose messages cannot be written does not happen', async () => {
    const { token } = await pendingBooking();
    const before = await outboxOf(token);
    plannerBroken = true;
    expect((await adminAction(t, token, 'confirm')).status).toBe(500);
    plannerBroken = false;
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    expect(row!.status).toBe(10);
    expect(await outboxOf(token)).toEqual(before);
  });

  test('a message already written for a revision is never written twice', async () => {
    const { token } = await pendingBooking();
    const before = await outboxOf(token);
    await t.server.jobs.runDue();
    await t.server.jobs.runDue();
    expect((await outboxOf(token)).length).toBe(before.length);
  });
});

describe('reminders', () => {
  test('leave 24 h and 2 h before, each once, by mail and SMS', async () => {
    const { token, email } = await pendingBooking();
    expectOk(await adminAction(t, token, 'confirm'));
    await t.server.jobs.runDue();
    const reminders = async () => (await outboxOf(token)).filter((row) => row.kind === 'diner-reminder' && row.state === 'sent');

    t.clock.set('2026-11-24T19:29:00+01:00');
    await t.server.jobs.runDue();
    expect(await reminders()).toHaveLength(0);
    t.clock.set('2026-11-24T19:30:00+01:00');
    await t.server.jobs.runDue();
    expect((await reminders()).map((row) => `${row.channel} ${row.recipient}`).sort()).toEqual([`email ${email}`, `sms ${dinerPhone}`].sort());
    t.clock.set('2026-11-25T17:30:00+01:00');
    await t.server.jobs.runDue();
    await t.server.jobs.runDue();
    expect(await reminders()).toHaveLength(4);
  });

  test('none for a booking made after their moment', async () => {
    t.clock.set('2026-11-25T18:00:00+01:00');
    const { token } = await pendingBooking();
    t.clock.set('2026-11-25T19:29:00+01:00');
    await t.server.jobs.runDue();
    expect((await outboxOf(token)).filter((row) => row.kind === 'diner-reminder')).toEqual([]);
  });

  test('a moved booking is reminded at its new time only; a cancelled one not at all', async () => {
    const moved = await pendingBooking();
    const cancelled = await pendingBooking(AT + 3600);
    expectOk(await create(t, { slug: fixture.slug, at: unix('2026-11-26T19:30:00+01:00'), zone: 'all', seats: 2, token: moved.token, bearer: moved.bearer }));
    expectOk(await call(t, 'cancel', fixture.slug, cancelled.token, cancelled.bearer));
    t.clock.set('2026-11-25T18:00:00+01:00');
    await t.server.jobs.runDue();
    expect((await outboxOf(moved.token)).filter((row) => row.kind === 'diner-reminder')).toEqual([]);
    expect((await outboxOf(cancelled.token)).filter((row) => row.kind === 'diner-reminder')).toEqual([]);
    t.clock.set('2026-11-25T19:30:00+01:00');
    await t.server.jobs.runDue();
    expect((await outboxOf(moved.token)).filter((row) => row.kind === 'diner-reminder')).toHaveLength(2);
  });
});

describe('a booking the restaurant does not answer', () => {
  test('the restaurant is reminded at half the response window', async () => {
    const { token } = await pendingBooking();
    await t.server.jobs.runDue();
    t.clock.advance(14);
    await t.server.jobs.runDue();
    expect((await outboxOf(token)).filter((row) => row.kind === 'restaurant-answer-reminder')).toEqual([]);
    t.clock.advance(1);
    await t.server.jobs.runDue();
    expect(
      (await outboxOf(token))
        .filter((row) => row.kind === 'restaurant-answer-reminder')
        .map((row) => `${row.channel} ${row.state}`)
        .sort(),
    ).toEqual(['email sent', 'sms sent']);
  });

  test('is closed (25) when its time comes, and the diner is told', async () => {
    const { token, email } = await pendingBooking();
    t.clock.set('2026-11-25T19:30:00+01:00');
    const sent = await sentAfterJobs(token);
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    expect(row).toMatchObject({ status: 25, cancelReason: 'restaurant_no_answer', holdsTable: false });
    expect(sent).toEqual(expect.arrayContaining([`diner-closed-unanswered email ${email}`, `diner-closed-unanswered sms ${dinerPhone}`]));
    // The tracking page reads the reason (cancelReason.restaurant_no_answer); the mail says it, with the restaurant's phone.
    expect((await bookingOf(t, fixture.slug, token)).bookingCancelReason).toBe('restaurant_no_answer');
    const closing = mails.filter((mail) => mail.to === email).at(-1)!;
    expect(closing.subject).toContain('sans réponse');
    expect(closing.text).toContain('n\u2019a pas répondu');
    expect(closing.text).toContain('+33100000000');
  });

  test('answered in time is not closed', async () => {
    const { token } = await pendingBooking();
    expectOk(await adminAction(t, token, 'confirm'));
    t.clock.set('2026-11-25T19:30:00+01:00');
    await t.server.jobs.runDue();
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    expect(row!.status).toBe(20);
  });
});

describe('the restaurant\u2019s evening list', () => {
  test('leaves once each evening with the next day\u2019s bookings', async () => {
    await pendingBooking();
    await planPeriodicJobs(t.database.db, t.clock.now());
    const lists = () => t.database.db.select().from(messagesOutbox).where(eq(messagesOutbox.kind, 'restaurant-next-day'));
    t.clock.set('2026-11-24T17:59:00+01:00');
    await t.server.jobs.runDue();
    expect((await lists()).filter((row) => row.subject.endsWith(':2026-11-25'))).toEqual([]);
    t.clock.set('2026-11-24T18:00:00+01:00');
    await t.server.jobs.runDue();
    t.clock.set('2026-11-24T18:30:00+01:00');
    await t.server.jobs.runDue();
    const tomorrow = (await lists()).filter((row) => row.subject.endsWith(':2026-11-25'));
    // One per merchant with addresses (every fixture of this file): this one's, by mail and by SMS, sent once.
    expect(tomorrow.filter((row) => row.state === 'sent').length).toBe(tomorrow.length);
    expect(new Set(tomorrow.map((row) => `${row.merchantId} ${row.channel}`)).size).toBe(tomorrow.length);
  });
});

describe('sending at most once', () => {
  /** A pending booking confirmed while the SMS gateway refuses the next text, its messages' jobs run once. */
  async function confirmedWhileSmsDown(): Promise<string> {
    const { token } = await pendingBooking();
    await t.server.jobs.runDue();
    smsDown = 1;
    expectOk(await adminAction(t, token, 'confirm'));
    await t.server.jobs.runDue();
    return token;
  }

  test('a send that failed is retried by its job and leaves once; the booking stands', async () => {
    const token = await confirmedWhileSmsDown();
    let sms = (await outboxOf(token)).find((row) => row.kind === 'diner-confirmed' && row.channel === 'sms')!;
    expect(sms.state).toBe('pending');
    expect((await t.database.db.select().from(bookings).where(eq(bookings.token, token)))[0]!.status).toBe(20);
    t.clock.advance(1);
    await t.server.jobs.runDue();
    sms = (await outboxOf(token)).find((row) => row.kind === 'diner-confirmed' && row.channel === 'sms')!;
    expect(sms.state).toBe('sent');
    expect(texts.filter((text) => text.to === dinerPhone)).toHaveLength(2);
  });

  test('the messages of one batch are each recorded as they ended, the last before the jobs are marked done', async () => {
    const token = await confirmedWhileSmsDown();
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    const rows = await t.database.db.select().from(messagesOutbox).where(eq(messagesOutbox.bookingId, booking!.id));
    const confirmed = rows.filter((row) => row.kind === 'diner-confirmed');
    // Sent before and after the failed SMS in the same batch: each recorded sent, the SMS pending again at once.
    expect(confirmed.map((row) => [row.channel, row.state]).sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'pending'],
    ]);
    expect(confirmed.find((row) => row.channel === 'email')!.sentAt?.getTime()).toBe(t.clock.now().getTime());
    const sent = rows.filter((row) => row.state === 'sent');
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.filter((row) => row.sentAt === null)).toEqual([]);
    const sendJobs = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'send_message'));
    expect(sendJobs.filter((job) => job.state === 'running')).toEqual([]);
  });

  test('a send job run again after its message left sends nothing more', async () => {
    const { token } = await pendingBooking();
    await t.server.jobs.runDue();
    const count = mails.length;
    const sendJobs = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'send_message'));
    // As if each job's worker had died after the send but before marking its job done: the jobs run again.
    await t.database.db.update(jobs).set({ state: 'pending', runAt: t.clock.now() }).where(eq(jobs.kind, 'send_message'));
    expect(await t.server.jobs.runDue()).toBe(sendJobs.length);
    expect(mails.length).toBe(count);
    expect((await outboxOf(token)).every((row) => row.state === 'sent')).toBe(true);
  });

  test('a message whose sending a crash interrupted is not sent again, and says so', async () => {
    const { token } = await pendingBooking();
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    const ours = and(eq(messagesOutbox.kind, 'restaurant-new-booking'), eq(messagesOutbox.bookingId, booking!.id));
    // A worker claimed the messages and died in the middle of sending them.
    await t.database.db.update(messagesOutbox).set({ state: 'sending' }).where(ours);
    await t.server.jobs.runDue();
    const rows = await t.database.db.select().from(messagesOutbox).where(ours);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.state === 'failed' && row.lastError?.includes('interrupted'))).toBe(true);
    expect(mails.filter((mail) => mail.to === 'salle@fixture.example')).toHaveLength(0);
  });
});
