import { describe, expect, test } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { bookings, jobs } from '../../src/server/db/schema.ts';
import { DONE_JOBS_KEPT_MS, planPeriodicJobs, SWEEP_EVERY_MS } from '../../src/server/jobs/periodic-jobs.ts';
import { adminAction, call, createDraft, expectOk, importFixture, unix } from '../api/api-helpers.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false });
const AT = unix('2026-11-25T19:30:00+01:00');

describe('the periodic work as recurring jobs', () => {
  test('the sweep job finishes past confirmed bookings and releases lapsed drafts, then plans its next run', async () => {
    const fixture = await importFixture(t, 'sweep-job', {
      zones: [
        {
          name: 'Salle',
          tables: [
            { name: 'S1', minSeats: 1, maxSeats: 4 },
            { name: 'S2', minSeats: 1, maxSeats: 4 },
          ],
        },
      ],
    });
    const { bearer } = await t.signIn();
    const confirmed = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer });
    expectOk(await call(t, 'validate', fixture.slug, confirmed, bearer));
    expectOk(await adminAction(t, confirmed, 'confirm'));
    const draft = await createDraft(t, { slug: fixture.slug, at: AT, zone: 'all', seats: 2, bearer: (await t.signIn()).bearer });
    const rowOf = async (token: string) => (await t.database.db.select().from(bookings).where(eq(bookings.token, token)))[0]!;

    await planPeriodicJobs(t.database.db, t.clock.now());
    await planPeriodicJobs(t.database.db, t.clock.now());
    const recurring = await t.database.db.select().from(jobs).where(like(jobs.uniqueKey, 'every:%'));
    expect(recurring.map((job) => job.kind).sort()).toEqual(['purge_credentials', 'restaurant_next_day_lists', 'sweep_bookings']);

    t.clock.set('2026-11-25T21:01:00+01:00');
    await t.server.jobs.runDue();
    expect(await rowOf(confirmed)).toMatchObject({ status: 30, holdsTable: false });
    expect(await rowOf(draft)).toMatchObject({ status: null, holdsTable: false });

    const [sweep] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'sweep_bookings'));
    expect(sweep).toMatchObject({ state: 'pending', attempts: 0 });
    expect(sweep!.runAt.getTime()).toBe(t.clock.now().getTime() + SWEEP_EVERY_MS);
    expect(await t.server.jobs.runDue()).toBe(0);
  });

  test('the purge job forgets jobs done more than a week ago, and keeps failed ones', async () => {
    const old = new Date(t.clock.now().getTime() - DONE_JOBS_KEPT_MS - 60_000);
    await t.database.db.insert(jobs).values([
      { kind: 'old_done', runAt: old, state: 'done', updatedAt: old },
      { kind: 'old_failed', runAt: old, state: 'failed', updatedAt: old },
      { kind: 'recent_done', runAt: t.clock.now(), state: 'done', updatedAt: t.clock.now() },
    ]);
    await planPeriodicJobs(t.database.db, t.clock.now());
    // The purge's next run, an hour on.
    t.clock.advance(61);
    await t.server.jobs.runDue();
    const kinds = (await t.database.db.select().from(jobs)).map((job) => job.kind);
    expect(kinds).not.toContain('old_done');
    expect(kinds).toEqual(expect.arrayContaining(['old_failed', 'recent_done']));
  });
});
