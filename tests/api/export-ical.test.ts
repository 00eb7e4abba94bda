/** export_ical tells a calendar the booking as it stands, as the mailed .ics do: its status, and its revision as SEQUENCE. */
import { beforeEach, describe, expect, test } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { parseIcs } from '../support/ics-parse.ts';
import { adminAction, bookValidated, call, expectOk, importFixture, unix, type Fixture } from './api-helpers.ts';

const t = useTestServer({ demo: false });
const AT = unix('2026-11-25T19:30:00+01:00');
let fixture: Fixture;

beforeEach(async () => {
  t.clock.set('2026-11-23T09:00:00Z');
  fixture = await importFixture(t, 'ical');
});

/** The exported calendar and event of a booking, with its revision as the API says it. */
async function exported(token: string) {
  const answer = await t.get(`/api/booking/export_ical/${fixture.slug}/${token}?download=1`);
  expect(answer.status).toBe(200);
  const calendar = parseIcs(String(answer.body));
  const event = calendar.children.find((child) => child.type === 'VEVENT')!;
  const revision = expectOk(await call(t, 'get', fixture.slug, token)).body.booking.revision as number;
  return { calendar, event, revision };
}

describe('export_ical gives the booking’s status and revision', () => {
  test.each([
    ['pending', 'PUBLISH', 'TENTATIVE', undefined],
    ['confirmed', 'PUBLISH', 'CONFIRMED', 'confirm'],
    ['refused', 'CANCEL', 'CANCELLED', 'refuse'],
    ['cancelled by the restaurant', 'CANCEL', 'CANCELLED', 'cancel'],
  ] as const)('a %s booking: METHOD %s, STATUS %s, SEQUENCE its revision', async (_name, method, status, action) => {
    const { token } = await bookValidated(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2 });
    if (action === 'cancel') expectOk(await adminAction(t, token, 'confirm'));
    if (action) expectOk(await adminAction(t, token, action, action === 'confirm' ? {} : { reason: 'restaurant_full' }));
    const { calendar, event, revision } = await exported(token);
    expect(calendar.get('METHOD')).toBe(method);
    expect(event.get('STATUS')).toBe(status);
    expect(event.get('SEQUENCE')).toBe(String(revision));
    expect(revision).toBeGreaterThan(1);
    expect(event.get('ORGANIZER')).toMatch(/^mailto:/);
  });

  test('a booking the diner cancelled is withdrawn at a higher SEQUENCE than the invitation they had', async () => {
    const { token, bearer } = await bookValidated(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2 });
    const before = await exported(token);
    expectOk(await call(t, 'cancel', fixture.slug, token, bearer));
    const after = await exported(token);
    expect(after.calendar.get('METHOD')).toBe('CANCEL');
    expect(after.event.get('STATUS')).toBe('CANCELLED');
    expect(Number(after.event.get('SEQUENCE'))).toBeGreaterThan(Number(before.event.get('SEQUENCE')));
    expect(after.event.get('UID')).toBe(before.event.get('UID'));
  });
});
