import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/db/schema.ts';
import type { SmsSender } from '../../src/server/mail/sms.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { bookValidated, create, expectOk, importFixture, unix, type Fixture } from './api-helpers.ts';

// The SMS gateway is the edge of the world: this fake records what would have been sent.
const sent: Array<{ to: string; text: string }> = [];
const gateway: SmsSender = {
  async send(to, text) {
    sent.push({ to, text });
  },
};

const t = useTestServer({ demo: false, sms: gateway });
let fixture: Fixture;
beforeAll(async () => {
  fixture = await importFixture(t, 'sms');
}, 60_000);

describe('the diner gets a confirmation SMS after validation', () => {
  test('validating sends one message to the diner\u2019s phone, in their language, with the manage link (the key in the short address\u2019s fragment)', async () => {
    const { bearer } = await t.signIn({ phone: '+33611223344' });
    const zone = Object.values(fixture.zones)[0]!;
    const { token } = await bookValidated(t, { slug: fixture.slug, at: unix('2026-11-25T11:00:00Z'), zone, seats: 2, bearer, lang: 'en' });
    // It leaves from the outbox, by the job the validation wrote with it.
    await t.server.jobs.runDue();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('+33611223344');
    expect(sent[0]!.text).toContain('request received');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, token));
    expect(sent[0]!.text).toContain(`https://book.example/b/${token}#manage=${row!.manageKey}`);
  });

  test('the short address of the SMS leads to the booking\u2019s tracking page (the browser keeps the fragment with the key)', async () => {
    const { bearer } = await t.signIn({ phone: '+33611223345' });
    const zone = Object.values(fixture.zones)[0]!;
    const { token } = await bookValidated(t, { slug: fixture.slug, at: unix('2026-11-27T11:00:00Z'), zone, seats: 2, bearer });
    const answer = await t.server.app.inject({ method: 'GET', url: `/b/${token}` });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/${fixture.slug}/booking_complete/${token}`);
  });

  test('a draft that is only created sends nothing', async () => {
    await t.server.jobs.runDue();
    const before = sent.length;
    const zone = Object.values(fixture.zones)[0]!;
    expectOk(await create(t, { slug: fixture.slug, at: unix('2026-11-26T11:00:00Z'), zone, seats: 2 }));
    await t.server.jobs.runDue();
    expect(sent.length).toBe(before);
  });
});
