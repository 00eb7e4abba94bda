import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { claimDueJob, claimDueJobs, enqueueJob, ensureRecurringJob, findJob, listJobs, retryDelayMs, retryJob } from '../../src/server/db/job-store.ts';
import { jobs } from '../../src/server/db/schema.ts';
import { createJobWorker, type JobHandlers } from '../../src/server/jobs/job-worker.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { createTestClock } from '../support/test-server.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

const clock = createTestClock('2026-11-23T09:00:00Z');
beforeEach(() => clock.set('2026-11-23T09:00:00Z'));

/** A worker whose handlers record what ran. */
function worker(handlers: JobHandlers, leaseMs = 60_000) {
  return createJobWorker({ db: database.db, now: clock.now, handlers, leaseMs });
}

describe('a job in the database', () => {
  test('runs once when its time has come, not before', async () => {
    const ran: unknown[] = [];
    await enqueueJob(database.db, { kind: 'note', payload: { n: 1 }, runAt: new Date('2026-11-23T10:00:00Z') });
    const w = worker({ note: async (job) => void ran.push(job.payload) });
    expect(await w.runDue()).toBe(0);
    clock.set('2026-11-23T10:00:00Z');
    expect(await w.runDue()).toBe(1);
    expect(await w.runDue()).toBe(0);
    expect(ran).toEqual([{ n: 1 }]);
    const [row] = await database.db.select().from(jobs);
    expect(row!.state).toBe('done');
  });

  test('is planned once per unique key, whatever its state', async () => {
    const first = await enqueueJob(database.db, { kind: 'note', runAt: clock.now(), uniqueKey: 'k1' });
    const second = await enqueueJob(database.db, { kind: 'note', runAt: clock.now(), uniqueKey: 'k1' });
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    await worker({ note: async () => {} }).runDue();
    expect(await enqueueJob(database.db, { kind: 'note', runAt: clock.now(), uniqueKey: 'k1' })).toBeUndefined();
  });

  test('is retried with exponential backoff, then kept as failed with its error', async () => {
    const id = (await enqueueJob(database.db, { kind: 'flaky', runAt: clock.now(), maxAttempts: 3 }))!;
    const w = worker({
      flaky: async () => {
        throw new Error('gateway down');
      },
    });
    expect(await w.runDue()).toBe(1);
    let row = (await findJob(database.db, id))!;
    expect({ state: row.state, attempts: row.attempts }).toEqual({ state: 'pending', attempts: 1 });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(retryDelayMs(1));
    expect(row.lastError).toContain('gateway down');

    clock.advance(retryDelayMs(1) / 60_000);
    expect(await w.runDue()).toBe(1);
    row = (await findJob(database.db, id))!;
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    clock.advance(retryDelayMs(2) / 60_000);
    expect(await w.runDue()).toBe(1);
    row = (await findJob(database.db, id))!;
    expect({ state: row.state, attempts: row.attempts }).toEqual({ state: 'failed', attempts: 3 });
    expect(row.lastError).toContain('gateway down');
    clock.advance(24 * 60);
    expect(await w.runDue()).toBe(0);
    expect((await listJobs(database.db, { state: 'failed' })).map((job) => job.id)).toEqual([id]);
  });

  test('that failed runs again when retried by hand', async () => {
    const id = (await enqueueJob(database.db, { kind: 'once', runAt: clock.now(), maxAttempts: 1 }))!;
    let fail = true;
    const w = worker({
      once: async () => {
        if (fail) throw new Error('not yet');
      },
    });
    await w.runDue();
    expect((await findJob(database.db, id))!.state).toBe('failed');
    fail = false;
    expect((await retryJob(database.db, id, clock.now()))!.state).toBe('pending');
    expect(await w.runDue()).toBe(1);
    expect((await findJob(database.db, id))!.state).toBe('done');
  });

  test('claimed by a worker that died is claimed again once its lease has run out', async () => {
    const id = (await enqueueJob(database.db, { kind: 'note', runAt: clock.now() }))!;
    // A worker claims it and dies before finishing (nothing records the outcome).
    const dead = await claimDueJob(database.db, clock.now(), 'dead-worker', 60_000);
    expect(dead?.id).toBe(id);
    const ran: string[] = [];
    const alive = worker({ note: async (job) => void ran.push(job.id) });
    expect(await alive.runDue()).toBe(0);
    clock.advance(2);
    expect(await alive.runDue()).toBe(1);
    expect(ran).toEqual([id]);
    const row = (await findJob(database.db, id))!;
    expect({ state: row.state, attempts: row.attempts }).toEqual({ state: 'done', attempts: 2 });
  });

  test('is claimed earliest first, pending or with a lapsed lease alike, no more than asked and none held or not due', async () => {
    const minutes = (n: number) => new Date(clock.now().getTime() + n * 60_000);
    await database.db
      .insert(jobs)
      .values([
        ...[5, 4, 3, 2, 1].map((n) => ({ kind: `pending ${n} min ago`, runAt: minutes(-n) })),
        { kind: 'lapsed lease', runAt: minutes(-30), state: 'running' as const, lockedUntil: minutes(-1), lockedBy: 'dead-worker' },
        { kind: 'held lease', runAt: minutes(-40), state: 'running' as const, lockedUntil: minutes(1), lockedBy: 'live-worker' },
        { kind: 'done', runAt: minutes(-50), state: 'done' as const },
        { kind: 'not due', runAt: minutes(1) },
      ]);
    const claimed = await claimDueJobs(database.db, clock.now(), 'worker', 60_000, 4);
    expect(claimed.map((job) => job.kind)).toEqual(['lapsed lease', 'pending 5 min ago', 'pending 4 min ago', 'pending 3 min ago']);
    expect(claimed.every((job) => job.state === 'running' && job.lockedBy === 'worker')).toBe(true);
    expect((await claimDueJobs(database.db, clock.now(), 'worker', 60_000, 4)).map((job) => job.kind)).toEqual(['pending 2 min ago', 'pending 1 min ago']);
  });

  test('recurring runs again at the time its handler names', async () => {
    await ensureRecurringJob(database.db, 'tick', clock.now());
    await ensureRecurringJob(database.db, 'tick', clock.now());
    let ticks = 0;
    const w = worker({
      tick: async (_job, now) => {
        ticks++;
        return { nextRunAt: new Date(now.getTime() + 30_000) };
      },
    });
    expect(await w.runDue()).toBe(1);
    expect(await w.runDue()).toBe(0);
    clock.advance(0.5);
    expect(await w.runDue()).toBe(1);
    expect(ticks).toBe(2);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'tick'))).toHaveLength(1);
  });

  test('of a kind nobody handles fails with a message saying so', async () => {
    const id = (await enqueueJob(database.db, { kind: 'unknown', runAt: clock.now(), maxAttempts: 1 }))!;
    await worker({}).runDue();
    const row = (await findJob(database.db, id))!;
    expect(row.state).toBe('failed');
    expect(row.lastError).toContain('no handler for job kind unknown');
  });

  test('runs exactly once with several workers claiming at once', async () => {
    for (let i = 0; i < 60; i++) await enqueueJob(database.db, { kind: 'count', payload: { i }, runAt: clock.now() });
    const runs = new Map<number, number>();
    const handlers: JobHandlers = {
      count: async (job) => {
        const i = job.payload.i as number;
        runs.set(i, (runs.get(i) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    };
    const counts = await Promise.all([worker(handlers), worker(handlers), worker(handlers)].map((w) => w.runDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(60);
  });

  test('claimed in one batch with others ends as its own handler said: done, retried or due again', async () => {
    const planned = { kind: 'mixed', runAt: clock.now() };
    const ids = await Promise.all(['done', 'fails', 'again', 'done'].map(async (what) => (await enqueueJob(database.db, { ...planned, payload: { what } }))!));
    const w = worker({
      mixed: async (job) => {
        if (job.payload.what === 'fails') throw new Error('gateway down');
        return job.payload.what === 'again' ? { nextRunAt: new Date('2026-11-24T09:00:00Z') } : undefined;
      },
    });
    expect(await w.runDue()).toBe(4);
    const rows = await Promise.all(ids.map(async (id) => (await findJob(database.db, id))!));
    expect(rows.map((row) => row.state)).toEqual(['done', 'pending', 'pending', 'done']);
    expect(rows.map((row) => row.lockedBy)).toEqual([null, null, null, null]);
    expect(rows[1]!.lastError).toContain('gateway down');
    expect(rows[2]!.runAt.toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });
});

describe('a batch of jobs', () => {
  test('records the messages its jobs sent with the statement that marks the jobs done, and marks none done when that statement fails', async () => {
    const ends: string[] = [];
    const counted = await openTestDatabase((query) => {
      if (query.includes('"settled"') && query.includes('update "jobs"')) ends.push(query);
    });
    try {
      const ids = await Promise.all([1, 2, 3].map(async (n) => (await enqueueJob(counted.db, { kind: 'sending', runAt: clock.now(), payload: { n } }))!));
      const states = async () => (await Promise.all(ids.map((id) => findJob(counted.db, id)))).map((row) => row!.state);
      // Each job leaves its message's record to the batch; an id no uuid column takes makes the batch's end fail.
      let messageId = 'not-a-uuid';
      const w = createJobWorker({
        db: counted.db,
        now: clock.now,
        leaseMs: 10_000,
        handlers: { sending: async (_job, now, batch) => void batch.settles.push({ id: messageId, state: 'sent', at: now }) },
      });
      await expect(w.runDue()).rejects.toThrow();
      expect(await states()).toEqual(['running', 'running', 'running']);
      // Their leases run out: the next claim runs them again, and this time the batch ends in one statement.
      messageId = randomUUID();
      clock.advance(1);
      ends.length = 0;
      expect(await w.runDue()).toBe(3);
      expect(await states()).toEqual(['done', 'done', 'done']);
      expect(ends).toHaveLength(1);
    } finally {
      await counted.close();
    }
  });
});

describe('the worker loop', () => {
  test('a pass claims no more after a short batch, and still runs the due jobs its own jobs planned', async () => {
    const claims: string[] = [];
    let passEnded!: () => void;
    const passesEnded = [new Promise<void>((resolve) => (passEnded = resolve))];
    const counted = await openTestDatabase((query) => {
      if (query.includes('for update skip locked')) claims.push(query);
      // Each pass ends with a look at the next due job.
      if (query.startsWith('select "run_at" from "jobs"')) passEnded();
    });
    try {
      const ran: string[] = [];
      const w = createJobWorker({
        db: counted.db,
        now: () => new Date(),
        handlers: {
          first: async () => {
            ran.push('first');
            await enqueueJob(counted.db, { kind: 'followUp', runAt: new Date() });
          },
          followUp: async () => void ran.push('followUp'),
        },
        // Longer than the test: only the pass's own look at the next due job can find the follow-up.
        pollMs: 600_000,
      });
      await enqueueJob(counted.db, { kind: 'first', runAt: new Date() });
      await w.start();
      await passesEnded[0];
      passesEnded[0] = new Promise<void>((resolve) => (passEnded = resolve));
      await passesEnded[0];
      await w.stop();
      expect(ran).toEqual(['first', 'followUp']);
      // One claim for each batch of one, none that came back empty.
      expect(claims).toHaveLength(2);
    } finally {
      await counted.close();
    }
  });

  test('wakes on a job planned in its process and stops cleanly', async () => {
    const ran: string[] = [];
    const w = createJobWorker({ db: database.db, now: () => new Date(), handlers: { note: async (job) => void ran.push(job.id) }, pollMs: 60_000 });
    await w.start();
    const id = (await enqueueJob(database.db, { kind: 'note', runAt: new Date() }))!;
    w.wake();
    for (let i = 0; i < 100 && ran.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await w.stop();
    expect(ran).toEqual([id]);
  });

  test('stopping finishes the job under way and leaves the others pending for the next start', async () => {
    for (let i = 0; i < 5; i++) await enqueueJob(database.db, { kind: 'slow', runAt: new Date() });
    let started = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const w = createJobWorker({
      db: database.db,
      now: () => new Date(),
      handlers: {
        slow: async () => {
          started++;
          await gate;
        },
      },
    });
    await w.start();
    for (let i = 0; i < 100 && started === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const stopping = w.stop();
    release();
    await stopping;
    expect(started).toBe(1);
    const states = (await database.db.select().from(jobs)).map((job) => job.state).sort();
    expect(states).toEqual(['done', 'pending', 'pending', 'pending', 'pending']);
  });
});
