/** Runs a task in one process at a time among all the processes on a database: for work that must not run twice at once. */

/** Runs `task` while no other process on the database (and no other call in this one) runs a task of the same name. */
export type Exclusively = <T>(name: string, task: () => Promise<T>) => Promise<T>;

/**
 * On PostgreSQL: a session advisory lock on a connection of its own, opened for the task. The lock lives as long as that
 * session, so a process killed mid-task (SIGKILL) releases it when PostgreSQL sees the connection drop.
 */
export function postgresExclusively(url: string): Exclusively {
  return async (name, task) => {
    const { default: postgres } = await import('postgres');
    const session = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await session`select pg_advisory_lock(hashtextextended(${`exclusive:${name}`}, 0))`;
      try {
        return await task();
      } finally {
        await session`select pg_advisory_unlock(hashtextextended(${`exclusive:${name}`}, 0))`.catch(() => undefined);
      }
    } finally {
      await session.end({ timeout: 5 });
    }
  };
}

/**
 * On embedded PGlite: one process holds the data folder (db/data-dir-lock.ts), so a queue per name in this process is
 * the whole lock. A database transaction would do it too, but would stall every other query of the process meanwhile.
 */
export function inProcessExclusively(): Exclusively {
  const tails = new Map<string, Promise<unknown>>();
  return (name, task) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
    });
    return run;
  };
}
