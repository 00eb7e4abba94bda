/**
 * Every statement Drizzle sends PostgreSQL through postgres.js is a prepared one, named and kept by its connection.
 * Drizzle asks postgres.js for an unnamed statement unless the query was given a name (`.prepare(name)`), and postgres.js
 * then sends an unnamed statement with parameters in two round trips (Parse and Describe, to learn the parameters'
 * types, then Bind and Execute), which PostgreSQL parses and plans every time. Named, a statement the connection has
 * run before is one round trip, and PostgreSQL reuses its parse and plan. The name only switches postgres.js to its
 * default (`prepare: true`): postgres.js names statements itself and keeps them per connection, for the connection's
 * life (at most an hour: its max_lifetime).
 */
import { PostgresJsSession } from 'drizzle-orm/postgres-js';

type PrepareQuery = (typeof PostgresJsSession.prototype)['prepareQuery'];

let named = false;

/** Makes every PostgresJsSession (the handle's and each transaction's) prepare its statements by name; once per process. */
export function nameEveryStatement(): void {
  if (named) return;
  named = true;
  const prepareQuery: PrepareQuery = PostgresJsSession.prototype.prepareQuery;
  PostgresJsSession.prototype.prepareQuery = function (this: InstanceType<typeof PostgresJsSession>, query, fields, name, ...rest) {
    // postgres-js/session.js reads the name only as `name !== undefined` (whether to prepare); it never reaches PostgreSQL.
    return prepareQuery.call(this, query, fields, name ?? '', ...rest);
  } as PrepareQuery;
}
