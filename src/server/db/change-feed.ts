/**
 * What the stores wrote, told to whoever keeps a copy (the caches), one feed per database handle. A write in a
 * transaction is told once the transaction commits, never when it rolls back; a write outside one when it is done.
 */
/** One committed write, as much as a cache needs to know to drop what it may have kept of it. */
export type Change =
  /** A booking of the merchant was inserted or moved to a new revision (status, table, time, owner...). */
  | { kind: 'booking'; merchantId: string }
  /** A diner's details changed: every book that shows them. */
  | { kind: 'diner' }
  /** Staff saved a guest profile of the merchant (the tags its book shows beside each booking). */
  | { kind: 'guest'; merchantId: string }
  /** A closing of the merchant was saved or removed. */
  | { kind: 'closing'; merchantId: string }
  /** A merchant's definition was imported: its row, floor and staff. */
  | { kind: 'merchant'; merchantId: string }
  /** Staff sessions were revoked. */
  | { kind: 'staff-session' };

/** Hears every change committed on a database handle, synchronously, before the writer goes on. */
export type ChangeListener = (change: Change) => void;

/** The change feed of one database handle. */
export interface ChangeFeed {
  /** Calls `listener` with every change committed from now on; the function returned stops it. */
  subscribe(listener: ChangeListener): () => void;
}

interface Feed extends ChangeFeed {
  emit(change: Change): void;
}

type Transactional = { transaction: (work: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

const feeds = new WeakMap<object, Feed>();
// The changes of each open transaction (and of its savepoints, which share the list), told at its commit.
const pendingOf = new WeakMap<object, Change[]>();

/** Makes every transaction begun on `target` (and its savepoints) collect its changes in `pending`. */
function collectIn(tx: Transactional, pending: Change[]): void {
  pendingOf.set(tx, pending);
  const begin = tx.transaction.bind(tx);
  tx.transaction = (work, config) =>
    begin(async (inner: never) => {
      collectIn(inner as Transactional, pending);
      return work(inner);
    }, config);
}

function createFeed(db: object): Feed {
  const listeners = new Set<ChangeListener>();
  const feed: Feed = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(change) {
      for (const listener of listeners) listener(change);
    },
  };
  const handle = db as unknown as Transactional;
  const begin = handle.transaction.bind(handle);
  handle.transaction = async (work, config) => {
    // A fresh list per attempt: a transaction run again after a conflict tells only what its last run wrote.
    const pending: Change[] = [];
    const result = await begin(async (tx: never) => {
      collectIn(tx as Transactional, pending);
      return work(tx);
    }, config);
    // Committed (a failed commit rejected above): only now may a cache drop its copy and read again.
    for (const change of pending) feed.emit(change);
    return result;
  };
  return feed;
}

/**
 * The change feed of a database handle (typed loosely: database.ts opens every handle with its feed); made, and its
 * transactions followed, on first use, as the handle opens.
 */
export function changeFeedOf(db: object): ChangeFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = createFeed(db);
    feeds.set(db, feed);
  }
  return feed;
}

/**
 * Tells the feed of a write made on `executor`: inside a transaction, at its commit; on the handle itself, now (the
 * statement is done). Call it where the store writes, after the statement.
 */
export function emitChange(executor: object, change: Change): void {
  const pending = pendingOf.get(executor);
  if (pending) pending.push(change);
  else feeds.get(executor)?.emit(change);
}
