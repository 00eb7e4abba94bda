import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDaysToLocalDate, localDateOf, localToInstant } from '../../src/shared/local-time.ts';
import type { Endpoint } from './booking-races.ts';
import { combinationMerchant, heldTables, PARTY } from './combination-race-world.ts';
import { openTwoProcessWorld, type TwoProcessWorld } from './two-process-world.ts';

// Two processes share a database only on PostgreSQL: CI runs this file with DATABASE_URL set.
const POSTGRES_URL = process.env.DATABASE_URL;
const SLUG = 'last-combination-two';
const PARTIES = 100;
const TZ = 'Europe/Paris';
const unlimited = '1000000';

let world: TwoProcessWorld | undefined;
let outcomes: Array<{ won: boolean; refusedWith?: string }>;
let at: Date;

describe.skipIf(!POSTGRES_URL)(`${PARTIES} parties of ${PARTY} race for the last combination through two server processes on one PostgreSQL database`, () => {
  beforeAll(async () => {
    world = await openTwoProcessWorld({
      databaseUrl: POSTGRES_URL!,
      name: 'last-combination',
      merchant: combinationMerchant(SLUG),
      env: { DRAFT_LIMIT_PER_ADDRESS: unlimited, DRAFT_LIMIT_PER_DEVICE: unlimited, DRAFT_LIMIT_PER_EVENING: unlimited },
    });
    at = localToInstant(addDaysToLocalDate(localDateOf(new Date(), TZ), 3), '12:30', TZ)!;
    const bearers = await Promise.all(
      Array.from({ length: PARTIES }, (_, i) =>
        world!.diner({ lastname: `Joiner${i}`, email: `joiner${i}@example.test`, phone: `+336${String(50_000_000 + i)}` }),
      ),
    );
    const datetime = Math.floor(at.getTime() / 1000);
    outcomes = await Promise.all(
      bearers.map(async (bearer, i) => {
        // Every other party goes through the other process.
        const endpoint: Endpoint = i % 2 ? world!.b : world!.a;
        const created = await endpoint('/api/booking/create', { merchant_slug: SLUG, datetime, booking_zone_id: 'all', client_count: PARTY }, bearer);
        if (created.status !== 200) return { won: false, refusedWith: created.body.error_code };
        const validated = await endpoint('/api/booking/validate', { merchant_slug: SLUG, token: created.body.token }, bearer);
        if (validated.status !== 200) return { won: false, refusedWith: validated.body.error_code };
        return { won: true };
      }),
    );
  }, 180_000);

  afterAll(() => world?.close(), 30_000);

  test('exactly one party wins; every other is told no_seats_available', () => {
    expect(outcomes.filter((outcome) => outcome.won)).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => !outcome.won).map((outcome) => outcome.refusedWith))).toEqual(new Set(['no_seats_available']));
  });

  test('one booking holds T1 and T2, and nothing else holds either (T3, not online, was never given)', async () => {
    const held = await heldTables(world!.handle.db, SLUG, at, new Date(at.getTime() + 90 * 60_000));
    expect(Object.keys(held).sort()).toEqual(['T1', 'T2']);
    expect(held.T1).toHaveLength(1);
    expect(held.T2).toEqual(held.T1);
  });
});
