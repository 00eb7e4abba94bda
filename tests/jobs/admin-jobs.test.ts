import { describe, expect, test } from 'vitest';
import { enqueueJob } from '../../src/server/db/job-store.ts';
import { jobs } from '../../src/server/db/schema.ts';
import { expectError, expectOk } from '../api/api-helpers.ts';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false });

describe('the jobs through the admin API (what npm run jobs calls)', () => {
  test('lists a job that failed with its error, and makes it due again on retry', async () => {
    const [failed] = await t.database.db
      .insert(jobs)
      .values({ kind: 'nobody_handles_this', runAt: t.clock.now(), state: 'failed', attempts: 8, lastError: 'boom' })
      .returning();
    await enqueueJob(t.database.db, { kind: 'later', runAt: new Date(t.clock.now().getTime() + 3_600_000) });

    const listed = expectOk(await t.get('/api/admin/jobs?state=failed', { bearer: ADMIN_TOKEN })).body.jobs;
    expect(listed).toEqual([expect.objectContaining({ id: failed!.id, state: 'failed', attempts: 8, lastError: 'boom', kind: 'nobody_handles_this' })]);
    const open = expectOk(await t.get('/api/admin/jobs', { bearer: ADMIN_TOKEN })).body.jobs;
    expect(open.map((job: { kind: string }) => job.kind).sort()).toEqual(['later', 'nobody_handles_this']);

    const retried = expectOk(await t.post(`/api/admin/jobs/${failed!.id}/retry`, {}, { bearer: ADMIN_TOKEN })).body.job;
    expect(retried).toMatchObject({ state: 'pending', attempts: 0, runAt: t.clock.now().toISOString() });
    await t.server.jobs.runDue();
    const again = expectOk(await t.get('/api/admin/jobs?state=pending', { bearer: ADMIN_TOKEN })).body.jobs;
    expect(again.find((job: { id: string }) => job.id === failed!.id)).toMatchObject({ attempts: 1, lastError: expect.stringContaining('no handler') });
  });

  test.each([
    ['an unknown job', '00000000-0000-4000-8000-000000000000', 404, 'not_found'],
    ['a malformed id', 'nope', 400, 'validation_error'],
  ])('answers the retry of %s with %i %s', async (_what, id, status, code) => {
    expectError(await t.post(`/api/admin/jobs/${id}/retry`, {}, { bearer: ADMIN_TOKEN }), status, code);
  });

  test('refuses a caller without the admin token', async () => {
    expectError(await t.get('/api/admin/jobs'), 401, 'unauthenticated');
  });
});
