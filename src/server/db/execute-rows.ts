/** The rows of a raw statement (`db.execute`), whichever database ran it. */

/** What `db.execute` answers: postgres.js the rows, PGlite an object holding them. */
export type ExecuteAnswer<T> = T[] | { rows: T[] };

/** The rows of `db.execute`'s answer. */
export const rowsOf = <T>(answer: ExecuteAnswer<T>): T[] => (Array.isArray(answer) ? answer : answer.rows);
