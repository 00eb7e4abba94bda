/**
 * The database's exclusive lock (the site's build runs under it): among processes on one PostgreSQL database one holds
 * it at a time, a process killed holding it frees it, and on embedded PGlite the calls of the one process queue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inProcessExclusively } from '../../src/server/db/exclusive.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { childEnv, REPO_ROOT } from '../process/processes.ts';

// Two processes share a database only on PostgreSQL: CI runs this file with DATABASE_URL set.
const POSTGRES_URL = process.env.DATABASE_URL;
const LOCK = 'site-build';

/** A child holding (or waiting for) the lock, with its output so far. */
interface Holder {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the child printed `line`. */
  said: (line: string) => Promise<void>;
}

function holder(url: string): Holder {
  const child = spawn(process.execPath, ['tests/proof/exclusive-child.ts', url, LOCK], {
    cwd: REPO_ROOT,
    env: childEnv({}),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  const said = async (line: string) => {
    while (!output.split('\n').includes(line)) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the child ended before saying ${line}: ${output}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { child, output: () => output, said };
}

describe.skipIf(!POSTGRES_URL)('the exclusive lock across processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(POSTGRES_URL!);
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.drop();
  });

  /** Resolves once `count` sessions wait for an advisory lock on the test's database (the event, not the clock). */
  async function waiting(count: number): Promise<void> {
    const { default: postgres } = await import('postgres');
    const probe = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await expect
        .poll(
          async () =>
            (
              await probe`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`
            )[0]!.n,
          { timeout: 20_000 },
        )
        .toBe(count);
    } finally {
      await probe.end();
    }
  }

  test('a second process waits for the first; one killed while holding it frees it for the next', { timeout: 60_000 }, async () => {
    const a = holder(database.url);
    children.push(a.child);
    await a.said('in');

    const b = holder(database.url);
    children.push(b.child);
    await waiting(1);
    expect(b.output()).toBe('');

    a.child.stdin!.write('go\n');
    await a.said('out');
    await b.said('in');

    const c = holder(database.url);
    children.push(c.child);
    await waiting(1);
    expect(c.output()).toBe('');
    b.child.kill('SIGKILL');
    await c.said('in');
    c.child.stdin!.write('go\n');
    await c.said('out');
  });
});

describe('the exclusive lock of one embedded process', () => {
  test('runs the calls of one name one after the other, those of another name beside them, and survives a failed call', async () => {
    const exclusively = inProcessExclusively();
    const events: string[] = [];
    let release!: () => void;
    const first = exclusively(LOCK, async () => {
      events.push('first in');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('first out');
      throw new Error('the first build failed');
    });
    const second = exclusively(LOCK, async () => {
      events.push('second in');
      return 'second';
    });
    const other = await exclusively('another', async () => {
      events.push('other');
      return 'other';
    });
    expect(other).toBe('other');
    expect(events).toEqual(['first in', 'other']);
    release();
    await expect(first).rejects.toThrow('the first build failed');
    expect(await second).toBe('second');
    expect(events).toEqual(['first in', 'other', 'first out', 'second in']);
  });
});
