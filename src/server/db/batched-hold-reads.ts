/**
 * Hold reads asked for in the same turn of the event loop, answered by one statement. On a shared
 * database the round trip, not the work, bounds booking_slots/get: batching lets many diners share it.
 * Never stale: a read only joins a statement that has not been sent yet, so that statement's snapshot
 * is taken after the read was asked for and sees every commit that finished before.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { holdRowColumns, holdRowsCondition, holdRowsParams, type HoldRow } from './booking-store.ts';
import type { Database } from './database.ts';
import { bookings, merchants } from './schema.ts';
import { perDatabase } from './per-database.ts';

/** What one read answers: the merchant row's version (undefined: the merchant is gone) and its hold rows. */
export interface VersionedHoldRows {
  version: string | undefined;
  rows: HoldRow[];
}

interface Waiting {
  merchantId: string;
  from: Date;
  to: Date;
  settle: Array<{ resolve(answer: VersionedHoldRows): void; reject(error: unknown): void }>;
}

// Bounds one statement's parameter; a larger turn is split.
const MAX_READS_PER_STATEMENT = 200;

// One row per read: its index and window, as the JSON parameter of the statement.
const read = {
  merchantId: sql`k.merchant_id`,
  earliestStart: sql`k.earliest_start`,
  from: sql`k.from_at`,
  to: sql`k.to_at`,
};

/** The statement of a batch, for `reads` (the JSON rows of its reads): each read's rows, and its merchant's version. */
export function batchedHoldRowsQuery(db: Database, reads: Placeholder | SQL) {
  // Each read's rows come from its own range of the hold index: a lateral subquery, kept one by its order
  // (a sorted subquery is never flattened), so the planner cannot turn it into one hash join over every
  // merchant's holds.
  const holds = db.select(holdRowColumns).from(bookings).where(holdRowsCondition(read)).orderBy(bookings.startsAt).as('holds');
  const hold = {
    id: holds.id,
    tableId: holds.tableId,
    joinedTableIds: holds.joinedTableIds,
    startsAt: holds.startsAt,
    endsAt: holds.endsAt,
    clientCount: holds.clientCount,
    status: holds.status,
    holdExpiresAt: holds.holdExpiresAt,
  };
  return db
    .select({ index: sql<number>`k.i`.mapWith(Number), version: sql<string>`${merchants}.xmin::text`, hold })
    .from(merchants)
    .innerJoin(
      sql`jsonb_to_recordset(${reads}::jsonb) as k(i int, merchant_id uuid, earliest_start timestamptz, from_at timestamptz, to_at timestamptz)`,
      sql`k.merchant_id = ${merchants.id}`,
    )
    .leftJoinLateral(holds, sql`true`);
}

/** The JSON rows of a batch's reads. */
export function batchReads(batch: ReadonlyArray<{ merchantId: string; from: Date; to: Date }>): string {
  return JSON.stringify(
    batch.map(({ merchantId, from, to }, i) => ({
      i,
      merchant_id: merchantId,
      earliest_start: holdRowsParams(merchantId, from, to).earliestStart.toISOString(),
      from_at: from.toISOString(),
      to_at: to.toISOString(),
    })),
  );
}

function prepare(db: Database) {
  return batchedHoldRowsQuery(db, sql.placeholder('reads')).prepare('batched_hold_rows');
}

type Statement = ReturnType<typeof prepare>;

async function run(statement: Statement, batch: Waiting[]): Promise<void> {
  try {
    const found = await statement.execute({ reads: batchReads(batch) });
    const answers: VersionedHoldRows[] = batch.map(() => ({ version: undefined, rows: [] }));
    for (const { index, version, hold } of found) {
      const answer = answers[index]!;
      answer.version = version;
      if (hold) answer.rows.push(hold);
    }
    batch.forEach((waiting, i) => waiting.settle.forEach(({ resolve }) => resolve(answers[i]!)));
  } catch (error) {
    for (const waiting of batch) for (const { reject } of waiting.settle) reject(error);
  }
}

/** Reads a merchant's hold rows and version: see the file comment. Not inside a transaction. */
export type HoldRowsReader = (merchantId: string, from: Date, to: Date) => Promise<VersionedHoldRows>;

function createReader(db: Database): HoldRowsReader {
  const statement = prepare(db);
  let pending = new Map<string, Waiting>();
  const flush = () => {
    const batch = [...pending.values()];
    pending = new Map();
    for (let start = 0; start < batch.length; start += MAX_READS_PER_STATEMENT) {
      void run(statement, batch.slice(start, start + MAX_READS_PER_STATEMENT));
    }
  };
  return (merchantId, from, to) =>
    new Promise((resolve, reject) => {
      // Reads of the same window in one turn share their answer (its rows are shared: do not mutate them).
      const key = `${merchantId}|${from.getTime()}|${to.getTime()}`;
      let waiting = pending.get(key);
      if (!waiting) {
        // Flushed after this turn's I/O callbacks, so every request read in the turn joins in.
        if (pending.size === 0) setImmediate(flush);
        waiting = { merchantId, from, to, settle: [] };
        pending.set(key, waiting);
      }
      waiting.settle.push({ resolve, reject });
    });
}

/** The batching hold reader of a database handle. */
export const holdRowsReaderOf: (db: Database) => HoldRowsReader = perDatabase(createReader);
