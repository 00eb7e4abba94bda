import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../src/server/db/database.ts';
import { jobs, messagesOutbox } from '../../src/server/db/schema.ts';
import { MessageJob } from '../../src/server/jobs/booking-message-plan.ts';
import { waitFor } from '../process/processes.ts';
import { startServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { scheduleReminders, textsByPhone } from './scheduled-reminders.ts';

const REMINDERS = 200;
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Look for due jobs often, and take a dead worker's job over soon: the proofs should not wait minutes.
const JOB_ENV = { JOB_POLL_MS: '200', JOB_LEASE_SECONDS: '5', IMPORT_DEMO: 'never' };
const ADMIN_TOKEN = 'scheduler-proof-admin-token-0123456789';
const MESSAGE_KINDS: readonly string[] = [MessageJob.Reminder, MessageJob.Send];

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `couvert-${prefix}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The phones that received a text more than once. */
const twice = (counts: Map<string, number>) => [...counts].filter(([, n]) => n > 1);

/** Whether a server's scheduler has nothing left to send: no reminder or message job pending or running (its admin API). */
async function nothingLeftToSend(url: string): Promise<boolean> {
  const answer = await fetch(`${url}/api/admin/jobs?limit=1000`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  const { jobs: open } = (await answer.json()) as { jobs: Array<{ kind: string; state: string }> };
  return !open.some((job) => MESSAGE_KINDS.includes(job.kind) && (job.state === 'pending' || job.state === 'running'));
}

describe('the scheduler sends each message exactly once', () => {
  test('kill -9 of the server on PGlite while 200 reminders are being sent: after a restart each left once', async () => {
    const dataDir = await tempDir('reminders-crash');
    const smsDir = path.join(dataDir, 'outbox', 'sms');
    const seed = await openPglite(path.join(dataDir, 'pglite'));
    await seed.migrate();
    // Due at once: the server starts sending as soon as it runs.
    const phones = await scheduleReminders(seed, REMINDERS, new Date(), path.join(dataDir, 'media'));
    await seed.close();

    const env = { ...JOB_ENV, DATA_DIR: dataDir, ADMIN_TOKEN };
    const first = await startServerProcess(env);
    cleanups.push(() => first.stop(1000));
    // Some have left, most have not: the kill lands in the middle of the sending.
    await waitFor(async () => [...(await textsByPhone(smsDir)).values()].length >= 20, 60_000, 'the first reminders', 20);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const beforeRestart = (await textsByPhone(smsDir)).size;
    expect(beforeRestart, 'the kill came after every reminder had left').toBeLessThan(REMINDERS);

    const second = await startServerProcess(env);
    cleanups.push(() => second.stop(1000));
    await waitFor(async () => (await textsByPhone(smsDir)).size >= REMINDERS - 1, 120_000, 'the remaining reminders', 200);
    // No second send can start once no message job is left to run (the one the kill interrupted included, once its
    // lease ran out); a graceful stop lets one already under way finish.
    await waitFor(() => nothingLeftToSend(second.url), 60_000, 'no message job left to run', 200);
    await second.stop();

    const counts = await textsByPhone(smsDir);
    expect(twice(counts)).toEqual([]);
    const check = await openPglite(path.join(dataDir, 'pglite'));
    const rows = await check.db.select().from(messagesOutbox).where(eq(messagesOutbox.kind, 'diner-reminder'));
    await check.close();
    expect(rows).toHaveLength(REMINDERS);
    // At most one message can have been in the gateway's hands at the kill: if it did not leave, it is marked, never resent.
    const missing = phones.filter((phone) => !counts.has(phone));
    const interrupted = rows.filter((row) => row.state === 'failed' && row.lastError?.includes('interrupted'));
    expect(missing.length).toBeLessThanOrEqual(1);
    expect(missing.every((phone) => interrupted.some((row) => row.recipient === phone))).toBe(true);
    expect(rows.filter((row) => row.state !== 'sent' && !interrupted.includes(row))).toEqual([]);
  }, 240_000);

  test('two server processes on one PostgreSQL send 200 reminders, each once', async () => {
    const database = await createPostgresDatabase(POSTGRES_URL);
    cleanups.push(() => database.drop());
    const seed = await openPostgres(database.url, { max: 2 });
    await seed.migrate();
    const dirs = [await tempDir('reminders-pg-a'), await tempDir('reminders-pg-b')];
    // Planned for later, and made due at once when both processes run: each has its share to claim.
    const phones = await scheduleReminders(seed, REMINDERS, new Date(Date.now() + 3_600_000), path.join(dirs[0]!, 'media'));

    const servers = await Promise.all(
      dirs.map((dataDir) =>
        startServerProcess({ ...JOB_ENV, DATA_DIR: dataDir, DATABASE_URL: database.url, PUSHER_SECRET: 'two-processes-secret-0123456789abcdef' }),
      ),
    );
    for (const server of servers) cleanups.push(() => server.stop(1000));
    await seed.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, MessageJob.Reminder));
    const smsDirs = dirs.map((dir) => path.join(dir, 'outbox', 'sms'));
    await waitFor(async () => (await textsByPhone(...smsDirs)).size >= REMINDERS, 120_000, 'every reminder', 200);
    // No second send can start once every row is marked sent; a graceful stop lets one already under way finish.
    const reminderStates = async () =>
      (await seed.db.select({ state: messagesOutbox.state }).from(messagesOutbox).where(eq(messagesOutbox.kind, 'diner-reminder'))).map((row) => row.state);
    await waitFor(async () => (await reminderStates()).every((state) => state === 'sent'), 60_000, 'every reminder marked sent', 100);
    await Promise.all(servers.map((server) => server.stop()));

    const counts = await textsByPhone(...smsDirs);
    expect(twice(counts)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual([...phones].sort());
    // Both processes did part of the work.
    const perProcess = await Promise.all(smsDirs.map(async (dir) => (await textsByPhone(dir)).size));
    expect(
      perProcess.every((n) => n > 0),
      JSON.stringify(perProcess),
    ).toBe(true);
    const rows = await seed.db.select().from(messagesOutbox).where(eq(messagesOutbox.kind, 'diner-reminder'));
    await seed.close();
    expect(rows.every((row) => row.state === 'sent')).toBe(true);
  }, 240_000);
});
