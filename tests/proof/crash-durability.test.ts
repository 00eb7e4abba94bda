import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/database.ts';
import { seedDiners, type SeededDiner } from '../support/seed-diners.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { slotCandidates, type SlotCandidate } from '../support/slot-candidates.ts';
import { createPostgresDatabase } from '../support/test-database.ts';

const SUCCESSES_BEFORE_KILL = 60;
const IN_FLIGHT = 4;
const DINERS = 400;
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Acknowledged {
  slug: string;
  token: string;
  status: number;
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function post(url: string, target: string, body: unknown, bearer?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${target}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * Books candidates (create then validate, IN_FLIGHT at a time, one diner each) and records every
 * validation the server acknowledged; SIGKILLs the server after `killAfter` acknowledgements while
 * the other requests are still in flight.
 */
async function bookUntilKilled(server: ServerProcess, candidates: SlotCandidate[], diners: SeededDiner[], killAfter: number) {
  const acknowledged: Acknowledged[] = [];
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (!killed && next < candidates.length && next < diners.length) {
      const index = next++;
      const candidate = candidates[index]!;
      const bearer = diners[index]!.bearer;
      try {
        const created = await post(
          server.url,
          '/api/booking/create',
          {
            merchant_slug: candidate.slug,
            datetime: candidate.timestamp,
            booking_zone_id: candidate.zoneId,
            client_count: 2,
          },
          bearer,
        );
        if (created.status !== 200) continue;
        const validated = await post(server.url, '/api/booking/validate', { merchant_slug: candidate.slug, token: created.body.token }, bearer);
        if (validated.status !== 200) continue;
        acknowledged.push({ slug: candidate.slug, token: created.body.token, status: validated.body.booking.status });
        if (acknowledged.length >= killAfter && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the server: that booking was never acknowledged.
        if (killed) return;
        throw new Error(`request failed before the kill:\n${server.output()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { acknowledged, killed };
}

interface Backend {
  name: string;
  /** Opens the database the server will use, before it starts (the PGlite folder is the server's once it runs). */
  open(dataDir: string): Promise<{ handle: DatabaseHandle; env: Record<string, string> }>;
}

const backends: Backend[] = [
  {
    name: 'embedded PGlite',
    async open(dataDir) {
      return { handle: await openPglite(path.join(dataDir, 'pglite')), env: {} };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const database = await createPostgresDatabase(POSTGRES_URL);
      cleanups.push(() => database.drop());
      return { handle: await openPostgres(database.url, { max: 2 }), env: { DATABASE_URL: database.url } };
    },
  },
];

describe.each(backends)('kill -9 of the server on $name loses no acknowledged booking', ({ open }) => {
  test('every validation answered with success before the kill is still pending or confirmed after a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'couvert-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { handle, env: dbEnv } = await open(dataDir);
    await handle.migrate();
    const diners = await seedDiners(handle, DINERS, { tag: `crash-${path.basename(dataDir)}` });
    await handle.close();

    const env = { ...dbEnv, DATA_DIR: dataDir, IMPORT_DEMO: 'auto', ADMIN_TOKEN: 'crash-test-admin-token-0123456789' };
    const first = await startServerProcess(env);
    cleanups.push(() => first.stop(1000));
    const candidates = await slotCandidates(first.url, { days: 7, seats: 2 });
    expect(candidates.length).toBeGreaterThan(SUCCESSES_BEFORE_KILL * 2);

    const { acknowledged, killed } = await bookUntilKilled(first, candidates, diners, SUCCESSES_BEFORE_KILL);
    expect(killed, first.output()).toBe(true);
    expect(await first.exited).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(SUCCESSES_BEFORE_KILL);

    // The dead server's lock file is still there: the restart must take it over.
    const second = await startServerProcess(env);
    cleanups.push(() => second.stop());
    const after = await Promise.all(
      acknowledged.map(async ({ slug, token }) => {
        const answer = await post(second.url, '/api/booking/get', { merchant_slug: slug, token });
        return { token, httpStatus: answer.status, status: answer.body.booking?.status as number | undefined };
      }),
    );
    const lost = after.filter((booking) => booking.httpStatus !== 200 || (booking.status !== 10 && booking.status !== 20));
    expect(lost).toEqual([]);
    // Validated as answered: 10 for a merchant that confirms by hand, 20 for one that confirms by itself.
    expect(after.map((booking) => booking.status)).toEqual(acknowledged.map((booking) => booking.status));
    await second.stop();
  }, 180_000);
});
