import { EventEmitter, once } from 'node:events';
import { describe, expect, test, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type ExecuteAnswer } from '../../src/server/db/execute-rows.ts';
import { jobs, users } from '../../src/server/db/schema.ts';
import { keepTablesUp, startTableUpkeep, UPKEEP_STATISTICS_TARGET } from '../../src/server/db/table-upkeep.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false });

/** What pg_stat_user_tables says of the jobs table, its counters flushed first. */
async function jobsTableStats() {
  await t.database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = rowsOf(
    (await t.database.db.execute(sql`
      select n_dead_tup::int as dead, n_mod_since_analyze::int as changed,
             last_vacuum::text as vacuumed, last_analyze::text as analysed
      from pg_stat_user_tables where relname = 'jobs'`)) as ExecuteAnswer<{ dead: number; changed: number; vacuumed: string | null; analysed: string | null }>,
  );
  return row!;
}

/** Writes 300 jobs and marks them done: as many dead rows, and as many changes since the last analysis and more. */
async function churnJobs() {
  const now = t.clock.now();
  await t.database.db.insert(jobs).values(Array.from({ length: 300 }, (_, index) => ({ kind: `churn_${index}`, runAt: now })));
  await t.database.db
    .update(jobs)
    .set({ state: 'done', updatedAt: now })
    .where(sql`${jobs.kind} like 'churn_%'`);
}

describe('the tables autovacuum would keep up', () => {
  test('a table past its thresholds is vacuumed and analysed, and then is no longer due', async () => {
    await churnJobs();
    expect(await jobsTableStats()).toMatchObject({ vacuumed: null, analysed: null });

    expect(await keepTablesUp(t.database.db)).toContain('jobs');
    expect(await jobsTableStats()).toMatchObject({ dead: 0, changed: 0, vacuumed: expect.any(String), analysed: expect.any(String) });
    expect(await keepTablesUp(t.database.db)).not.toContain('jobs');
  });

  test("an analysis leaves out the busy tables' payloads, which no statement filters on", async () => {
    await churnJobs();
    await keepTablesUp(t.database.db);
    const analysed = rowsOf(
      (await t.database.db.execute(sql`select attname from pg_stats where tablename = 'jobs'`)) as ExecuteAnswer<{ attname: string }>,
    ).map((row) => row.attname);
    expect(analysed).toEqual(expect.arrayContaining(['state', 'run_at', 'kind']));
    expect(analysed).not.toContain('payload');
    expect(analysed).not.toContain('last_error');
  });

  test('its analyses sample a tenth of the default where a column sets no target of its own (a histogram of 11 bounds, not 101)', async () => {
    await t.database.db.insert(users).values(Array.from({ length: 400 }, (_, index) => ({ email: `diner-${index}@example.test` })));
    expect(await keepTablesUp(t.database.db)).toContain('users');
    const [emails] = rowsOf(
      (await t.database.db.execute(sql`
        select array_length(histogram_bounds::text::text[], 1)::int as bounds from pg_stats
        where tablename = 'users' and attname = 'email'`)) as ExecuteAnswer<{ bounds: number }>,
    );
    expect(emails).toEqual({ bounds: UPKEEP_STATISTICS_TARGET + 1 });
    // The setting was the analysis's own: the session's default is PostgreSQL's.
    const [setting] = rowsOf((await t.database.db.execute(sql`show default_statistics_target`)) as ExecuteAnswer<{ default_statistics_target: string }>);
    expect(setting).toEqual({ default_statistics_target: '100' });
  });

  test.each(['jobs', 'messages_outbox'])('every column of the queue %s is sampled at a tenth of the default or not at all', async (table) => {
    const targets = rowsOf(
      (await t.database.db.execute(sql`
        select attname, coalesce(attstattarget, -1)::int as target from pg_attribute
        where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`)) as ExecuteAnswer<{ attname: string; target: number }>,
    );
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.filter((column) => column.target < 0 || column.target > 10)).toEqual([]);
  });

  test.each([
    ['bookings', ['comment', 'diner_change', 'staff_note', 'cancel_reason', 'cancel_message', 'joined_table_ids', 'token', 'manage_key', 'ref']],
    ['jobs', ['payload', 'last_error']],
    ['messages_outbox', ['data', 'last_error']],
  ])('%s keeps no statistics of %j', async (table, columns) => {
    const unsampled = rowsOf(
      (await t.database.db.execute(sql`
        select attname from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and attstattarget = 0`)) as ExecuteAnswer<{ attname: string }>,
    ).map((row) => row.attname);
    expect(unsampled.sort()).toEqual([...columns].sort());
  });

  test('the upkeep keeps them up at once, then each interval, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await churnJobs();
      const rounds = new EventEmitter();
      const upkeep = startTableUpkeep(t.database.db, {
        everyMs: 60_000,
        onRound: (tables) => rounds.emit('round', tables),
        onError: (error) => rounds.emit('error', error),
      });
      expect((await once(rounds, 'round'))[0]).toContain('jobs');

      await churnJobs();
      const next = once(rounds, 'round');
      vi.advanceTimersByTime(60_000);
      expect((await next)[0]).toContain('jobs');

      await upkeep.stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
