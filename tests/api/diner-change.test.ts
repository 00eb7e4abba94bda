/**
 * A diner's change of a confirmed booking sends it back to the restaurant: the diner is told (mail, SMS, tracking page)
 * that the change awaits the restaurant's answer, and the restaurant's book says what changed (before -> after).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { jobs } from '../../src/server/db/schema.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { bookValidated, call, create, expectOk, fixtureMerchant, unix, uniqueSlug, zoneIdsOf } from './api-helpers.ts';

const texts: Array<{ to: string; text: string }> = [];
const mails: MailMessage[] = [];
const RESTAURANT = { emails: ['salle@change.example'], phones: ['+33100000002'] };

const t = useTestServer({
  demo: false,
  sms: { send: async (to, text) => void texts.push({ to, text }) },
  accounts: { mailer: { send: async (message) => void mails.push(message), close: () => {} } },
  restaurantRecipients: () => RESTAURANT,
});

const AT = unix('2026-11-25T19:30:00+01:00');
let slug: string;
let staff: string;
let zones: Record<string, string>;

beforeEach(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  await t.database.db.delete(jobs);
  texts.length = 0;
  mails.length = 0;
  slug = uniqueSlug('change');
  const who = { email: `host@${slug}.example`, password: `the passphrase of ${slug}` };
  const tables = (prefix: string) => [1, 2, 3].map((n) => ({ name: `${prefix}${n}`, minSeats: 1, maxSeats: 6 }));
  await t.importMerchant({
    ...fixtureMerchant(slug, {
      zones: [
        { name: 'Salle', tables: tables('S') },
        { name: 'Terrasse', tables: tables('T') },
      ],
    }),
    staff: [who],
  });
  zones = await zoneIdsOf(t, slug);
  staff = expectOk(await t.post('/api/pro/auth/login', who)).body.access_token as string;
});

/** A booking for 3 in the Salle at 19:30, confirmed by the restaurant, then changed by its diner to 4 on the Terrasse at 20:00. */
async function confirmedThenChanged(): Promise<{ token: string; bearer: string; email: string }> {
  const email = `diner-${Math.random().toString(36).slice(2)}@example.test`;
  const { bearer } = await t.signIn({ email });
  const { token } = await bookValidated(t, { slug, at: AT, zone: zones.Salle!, seats: 3, bearer });
  expectOk(await t.post(`/api/pro/${slug}/bookings/${token}/confirm`, {}, { bearer: staff }));
  await t.server.jobs.runDue();
  mails.length = 0;
  texts.length = 0;
  expectOk(await create(t, { slug, at: AT + 1800, zone: zones.Terrasse!, seats: 4, token, bearer }));
  await t.server.jobs.runDue();
  return { token, bearer, email };
}

const dayRow = async (token: string) =>
  expectOk(await t.get(`/api/pro/${slug}/bookings?day=2026-11-25`, { bearer: staff })).body.bookings.find((row: { token: string }) => row.token === token);

describe('a diner changes a confirmed booking', () => {
  test('the staff day view carries what changed: party, time and zone, before and after', async () => {
    const { token } = await confirmedThenChanged();
    const row = await dayRow(token);
    expect(row.status).toBe(10);
    expect(row.diner_change).toEqual({
      at: '2026-11-23T09:00:00.000Z',
      before: { day: '2026-11-25', time: '19:30', party: 3, zone: { id: zones.Salle, name: 'Salle' } },
      after: { day: '2026-11-25', time: '20:00', party: 4, zone: { id: zones.Terrasse, name: 'Terrasse' } },
    });
  });

  test('the diner’s page says the change awaits the restaurant’s answer, until the restaurant answers', async () => {
    const { token, bearer } = await confirmedThenChanged();
    const before = expectOk(await call(t, 'get', slug, token, bearer)).body.booking;
    expect(before).toMatchObject({ status: 10, changeAwaitsAnswer: true });
    expectOk(await t.post(`/api/pro/${slug}/bookings/${token}/confirm`, {}, { bearer: staff }));
    const after = expectOk(await call(t, 'get', slug, token, bearer)).body.booking;
    expect(after).toMatchObject({ status: 20, changeAwaitsAnswer: false });
    // The book still says what the diner changed last.
    expect((await dayRow(token)).diner_change.after.party).toBe(4);
  });

  test('the diner’s mail and SMS say the change awaits the restaurant’s answer; the restaurant’s say it is to confirm', async () => {
    const { email } = await confirmedThenChanged();
    const toDiner = mails.find((mail) => mail.to === email)!;
    expect(toDiner.subject).toContain('Modification en attente du restaurant');
    expect(toDiner.text).toContain('Elle attend la réponse du restaurant');
    expect(toDiner.text).toMatch(/Couverts\s:\s4\spersonnes\s\(avant\s:\s3\spersonnes\)/);
    const dinerSms = texts.filter((sms) => sms.to !== RESTAURANT.phones[0]).map((sms) => sms.text);
    expect(dinerSms).toEqual([expect.stringContaining('En attente de la réponse du restaurant')]);
    const toRestaurant = mails.find((mail) => mail.to === RESTAURANT.emails[0])!;
    expect(toRestaurant.subject).toContain('Modification à confirmer');
    expect(toRestaurant.text).toContain('elle attend votre réponse');
    expect(texts.find((sms) => sms.to === RESTAURANT.phones[0])!.text).toContain('à confirmer');
  });
});

describe('what is not a diner’s change of a booking', () => {
  test('a draft’s change and a booking never changed carry none', async () => {
    const { bearer } = await t.signIn();
    const draft = expectOk(await create(t, { slug, at: AT, zone: 'all', seats: 2, bearer })).body.token as string;
    expectOk(await create(t, { slug, at: AT + 1800, zone: 'all', seats: 3, token: draft, bearer }));
    expectOk(await call(t, 'validate', slug, draft, bearer));
    expect((await dayRow(draft)).diner_change).toBeNull();
    expect(expectOk(await call(t, 'get', slug, draft, bearer)).body.booking.changeAwaitsAnswer).toBe(false);
  });

  test('a move by the restaurant is not the diner’s change', async () => {
    const { token } = await bookValidated(t, { slug, at: AT, zone: 'all', seats: 2 });
    expectOk(await t.post(`/api/pro/${slug}/bookings/${token}/move`, { datetime: AT + 1800, zone_id: 'all' }, { bearer: staff }));
    expect((await dayRow(token)).diner_change).toBeNull();
  });
});
