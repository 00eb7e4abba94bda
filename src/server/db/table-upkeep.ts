/**
 * Embedded PGlite's stand-in for PostgreSQL's autovacuum, which it does not run: without it no table is ever analysed
 * (the planner guesses, and scans every booking for a diner's limits) nor vacuumed (dead rows pile up in each scan).
 */
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { rowsOf, type ExecuteAnswer } from './execute-rows.ts';

/**
 * What each table needs, by autovacuum's default thresholds (PostgreSQL's documentation, "The Autovacuum Daemon"): an
 * analysis when it was never analysed (a data folder's counters are lost when its process dies) or the rows changed
 * since the last one exceed 50 + 10 % of its live rows; a vacuum when its dead rows exceed 50 + 20 %, or the rows
 * inserted since the last one 1,000 + 20 %.
 */
const TABLES_DUE = sql`
  select schemaname, relname, needs_analysis, needs_vacuum from (
    select s.schemaname, s.relname,
           c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup as needs_analysis,
           s.n_dead_tup > 50 + 0.2 * s.n_live_tup or s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup as needs_vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  ) as tables
  where needs_analysis or needs_vacuum
  order by schemaname, relname`;

/**
 * The statistics target of the upkeep's analyses, for columns without one of their own: a tenth of PostgreSQL's
 * default, a 3,000-row sample. An analysis holds PGlite, and the API waits: at the default, the bookings of a busy
 * evening (20,000 rows) took 60-140 ms each time; at 10, 13-31 ms, with statistics that still tell a diner's
 * bookings from a restaurant's (which is all the embedded database's plans ask of them).
 */
export const UPKEEP_STATISTICS_TARGET = 10;

/** Analyses, vacuums or both the tables autovacuum would by now, one at a time; says which. PGlite only: PostgreSQL has its own. */
export async function keepTablesUp(db: Database): Promise<string[]> {
  // Counters reach pg_stat_user_tables when a backend flushes them (at most once a second): now, for this read.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = rowsOf((await db.execute(TABLES_DUE)) as ExecuteAnswer<{ schemaname: string; relname: string; needs_analysis: boolean; needs_vacuum: boolean }>);
  // One statement at a time: PGlite runs each alone, so the API waits for one table's vacuum or analysis at most, never the set.
  for (const { schemaname, relname, needs_analysis: analyse, needs_vacuum: vacuum } of due) {
    const table = sql`${sql.identifier(schemaname)}.${sql.identifier(relname)}`;
    // A vacuum cannot run in a transaction; an analysis can, with its target set for that transaction alone.
    if (vacuum) await db.execute(sql`vacuum ${table}`);
    if (analyse) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local default_statistics_target = ${sql.raw(String(UPKEEP_STATISTICS_TARGET))}`);
        await tx.execute(sql`analyze ${table}`);
      });
    }
  }
  return due.map((table) => table.relname);
}

/** A running upkeep. */
export interface TableUpkeep {
  /** Stops it, waiting for a round under way. */
  stop(): Promise<void>;
}

/**
 * Keeps embedded PGlite's tables up now and every `everyMs` (a look at its counters costs about a millisecond; the
 * thresholds decide what is done, so a table growing fast is analysed again within seconds): a timer of the one process
 * that writes the database, beside the job queue rather than in it, so a busy evening's messages never hold it back.
 */
export function startTableUpkeep(
  db: Database,
  { everyMs = 10_000, onError, onRound }: { everyMs?: number; onError?: (error: unknown) => void; onRound?: (tables: string[]) => void } = {},
): TableUpkeep {
  const keep = () => keepTablesUp(db).then(onRound, onError);
  // A first round at once: the planner has statistics from the start, not after the first interval.
  let round = keep();
  const timer = setInterval(() => {
    round = round.then(keep);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await round;
    },
  };
}
