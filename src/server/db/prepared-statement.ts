/**
 * Statements Drizzle builds once per database and runs on its handle or inside any of its transactions.
 *
 * Drizzle builds a query's SQL again each time it runs (a full `bookings` row about 110 µs before any database work)
 * unless the query is prepared, and a prepared query runs only on the handle or transaction it was made on. Here a
 * statement is built once per Drizzle instance (keyed by its dialect, which the instance's transactions share) and
 * handed out bound to the connection of the handle or transaction that runs it: the same SQL, another client.
 *
 * Placeholders in a condition skip Drizzle's column encoders (an instant goes as an ISO string); placeholders among the
 * values an insert or update writes go through them, as the values themselves would.
 */
import { is, sql, SQL, type Placeholder } from 'drizzle-orm';
import type { Queryable } from './database.ts';

// What this reads of Drizzle's PgDatabase (drizzle-orm/pg-core/db.js) and rebinds of its prepared queries (*/session.js).
interface DrizzleInternals {
  dialect: object;
  _: { session: { client: unknown } };
}

const internals = (on: Queryable) => on as unknown as DrizzleInternals;

function bindTo<P extends object>(statement: P, client: unknown): P {
  if ((statement as unknown as { client: unknown }).client === client) return statement;
  return Object.create(statement, { client: { value: client } }) as P;
}

/** One statement per database and per key (what varies the SQL, such as the columns a write names), built on first use and bound to whichever handle or transaction runs it. */
export function preparedStatements<P extends object>(build: (on: Queryable, key: string) => P): (on: Queryable, key: string) => P {
  const built = new WeakMap<object, Map<string, P>>();
  return (on, key) => {
    const { dialect, _ } = internals(on);
    let byKey = built.get(dialect);
    if (!byKey) {
      byKey = new Map();
      built.set(dialect, byKey);
    }
    let statement = byKey.get(key);
    if (!statement) {
      statement = build(on, key);
      byKey.set(key, statement);
    }
    return bindTo(statement, _.session.client);
  };
}

/** One statement per database, built by `build` on first use and bound to whichever handle or transaction runs it. */
export function preparedStatement<P extends object>(build: (on: Queryable) => P): (on: Queryable) => P {
  const statements = preparedStatements((on) => build(on));
  return (on) => statements(on, '');
}

/**
 * A placeholder among the values an insert or update writes: Drizzle takes its value through the column's encoder, as
 * it would the value itself, though its types accept only values there.
 */
export function valuePlaceholder<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/**
 * The shape of the values a write is given, as a key of preparedStatements: the columns it names, those written as
 * NULL apart (a NULL never goes through an encoder: a json column would write 'null'); null when a value is SQL, whose
 * own parameters a prepared statement would keep.
 */
export function shapeOf(values: Record<string, unknown>): string | null {
  const parts: string[] = [];
  for (const [column, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (is(value, SQL)) return null;
    parts.push(value === null ? `${column}=null` : column);
  }
  return parts.join(',');
}

/** The values of a shape as written by a prepared statement: a placeholder for each column, NULL as it is. */
export function placeholdersOf(shape: string): Record<string, Placeholder | null> {
  const values: Record<string, Placeholder | null> = {};
  for (const part of shape ? shape.split(',') : []) {
    if (part.endsWith('=null')) values[part.slice(0, -5)] = null;
    else values[part] = sql.placeholder(part);
  }
  return values;
}

/** The key of rows a multi-row insert is given: their count and their one shape; null when their shapes differ or hold SQL. */
export function rowsShapeOf(rows: readonly Record<string, unknown>[]): string | null {
  const shapes = new Set(rows.map(shapeOf));
  const [shape] = shapes;
  return shapes.size === 1 && shape !== null && shape !== undefined ? `${rows.length}|${shape}` : null;
}

/** The rows of such a key as a prepared insert writes them: row i's column c as the placeholder `i.c`, NULL as it is. */
export function rowPlaceholdersOf(key: string): Array<Record<string, Placeholder | null>> {
  const [count = '0', shape = ''] = key.split('|');
  return Array.from({ length: Number(count) }, (_, index) =>
    Object.fromEntries(Object.entries(placeholdersOf(shape)).map(([column, value]) => [column, value && sql.placeholder(`${index}.${column}`)])),
  );
}

/** The placeholders' values for rows written with rowPlaceholdersOf. */
export function rowValuesOf(rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  rows.forEach((row, index) => {
    for (const [column, value] of Object.entries(row)) values[`${index}.${column}`] = value;
  });
  return values;
}
