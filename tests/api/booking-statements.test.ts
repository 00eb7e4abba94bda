import { describe, expect, test } from 'vitest';
import { databaseKind } from '../support/test-database.ts';
import { useTestServer } from '../support/use-test-server.ts';

const heard: string[] = [];
const t = useTestServer({ onQuery: (query) => heard.push(query) });
const SLUG = 'le-petit-zinc';

/** The statements sent since the last take. */
function take(): string[] {
  return heard.splice(0, heard.length);
}

/** At most this many statements per call of a guest's booking (bench/results/write-statements.md lists them). */
const BOUNDS = {
  pglite: { create: 3, no_account: 2, validate: 6, jobs: 8 },
  postgres: { create: 5, no_account: 2, validate: 9, jobs: 8 },
}[databaseKind];

describe('a guest booking costs the database a bounded number of statements', () => {
  test('create, no_account, validate and the jobs that send its messages stay within their counts', async () => {
    const slots = await t.post('/api/booking/booking_slots/get', { merchant_slug: SLUG, date: '2026-11-25', bookingZoneId: 'all', needed_seats: 2 });
    const free = (slots.body.slots as Array<{ timestamp: number; available: boolean }>).filter((slot) => slot.available);
    const counts: Array<Record<keyof typeof BOUNDS, number>> = [];
    const merchantReads: string[] = [];
    const locks: string[] = [];
    // The first booking warms the caches (floors, prepared reads); the second is counted.
    for (const [n, slot] of free.slice(0, 2).entries()) {
      await t.server.jobs.runDue();
      take();
      const created = await t.post('/api/booking/create', { merchant_slug: SLUG, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const createStatements = take();
      const create = createStatements.length;
      const phone = `+3367${String(5_000_000 + n).padStart(7, '0')}`;
      const guest = await t.post('/api/front/user/no_account', { firstname: 'Gus', lastname: 'Guest', phone, bookingToken: created.body.token });
      expect(guest.status, JSON.stringify(guest.body)).toBe(200);
      const noAccount = take().length;
      const validated = await t.post('/api/booking/validate', { merchant_slug: SLUG, token: created.body.token }, { bearer: guest.body.access_token });
      expect(validated.status, JSON.stringify(validated.body)).toBe(200);
      const validateStatements = take();
      const validate = validateStatements.length;
      await t.server.jobs.runDue();
      const jobStatements = take();
      counts.push({ create, no_account: noAccount, validate, jobs: jobStatements.length });
      if (n === 1) {
        const all = [...createStatements, ...validateStatements, ...jobStatements];
        merchantReads.push(...all.filter((statement) => /from "merchants"/.test(statement)));
        locks.push(...all.filter((statement) => statement.includes('pg_advisory_xact_lock')));
      }
    }
    const counted = counts[1]!;
    console.log('COUNTS', JSON.stringify(counts));
    for (const call of Object.keys(BOUNDS) as Array<keyof typeof BOUNDS>) {
      expect(counted[call], `${call}: ${JSON.stringify(counted)}`).toBeLessThanOrEqual(BOUNDS[call]);
    }
    // A merchant already read is checked by its row's version alone (where other processes write), never read again whole.
    if (databaseKind === 'postgres') expect(merchantReads.length).toBeGreaterThan(0);
    // PostgreSQL orders concurrent writers by advisory locks (a create's day; a validation's diner, then its day and
    // phone); PGlite runs one transaction at a time and takes none.
    expect(locks.length).toBe(databaseKind === 'postgres' ? 3 : 0);
    for (const statement of merchantReads) expect(statement).toMatch(/^select "merchants"\.xmin::text from "merchants" where/);
  });
});
