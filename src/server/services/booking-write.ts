/**
 * The one way a booking is written: in a transaction, on its locked row, checked against the life-cycle table, saved
 * with its next revision, its outbox rows recorded in the same transaction, and told to listeners once committed.
 */
import { holdMinutes, pacingAllows, pickTable, holdsWindow, type Seating } from '../domain/availability.ts';
import { dayContext } from '../domain/booking-rules.ts';
import { nextState, stateOfRow, stateValues } from '../domain/booking-transition.ts';
import { DomainError } from '../domain/errors.ts';
import type { Merchant, MerchantWithFloor, Zone } from '../domain/merchant-floor.ts';
import { ACTIONS, type Actor, type LifeAction, type LifeState } from '../../shared/booking-life-cycle.ts';
import type { Lang } from '../../shared/langs.ts';
import { localDateOf } from '../../shared/local-time.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { UserRow } from '../db/user-store.ts';
import {
  EXCLUSION_VIOLATION,
  findBookingByToken,
  insertBookingUnlessRefTaken,
  listHolds,
  lockBookingByToken,
  lockMerchantDays,
  releaseExpiredDrafts,
  sqlStateOf,
  updateBooking,
  type BookingRow,
  type NewBooking,
} from '../db/booking-store.ts';
import { holdsCacheOf } from '../db/holds-cache.ts';
import { findMerchantWithFloor } from '../db/merchant-store.ts';
import { retryOnConflict } from '../db/retry-on-conflict.ts';
import type { Database, Tx } from '../db/database.ts';
import { randomInt } from 'node:crypto';

/** Told of every change of a booking (the live channel listens here). */
export type BookingListener = (booking: BookingRow) => void | Promise<void>;

/** Why a booking was written, as far as what it sends goes (drafts, marks, comments and sweeps send nothing). */
export type BookingCause =
  'validate' | 'confirm' | 'refuse' | 'restaurant_cancel' | 'client_cancel' | 'diner_change' | 'restaurant_move' | 'restaurant_create' | 'close_unanswered';

/** A booking's write, told inside its transaction. */
export interface BookingChange {
  cause: BookingCause;
  /** The row as read (and locked) before the write; absent for a booking this write created. */
  before?: BookingRow;
  after: BookingRow;
  now: Date;
  /** What the write already read (the merchant's floor), so what it sends need not read it again. */
  known?: KnownToWrite;
}

/** The merchant and zones a write decided on, read before its transaction (the floor, checked against the stored merchant). */
export interface KnownToWrite {
  merchant: Merchant;
  zones: ReadonlyArray<Pick<Zone, 'id' | 'name'>>;
  /** The diner's row as the request's session read it, when the write is that diner's own. */
  diner?: UserRow;
}

/** What the booking service needs from the outside world. */
export interface BookingServiceDeps {
  db: Database;
  now: () => Date;
  holdMinutes: number;
  onChange: BookingListener;
  /** Told of a write inside its transaction, before it commits: what it writes there (the messages outbox) commits with it. */
  onWrite?: (tx: Tx, change: BookingChange) => Promise<void>;
}

/** A draft request: a new booking, or a change of the booking that `token` names. */
export interface DraftRequest {
  slug: string;
  /** The merchant's floor, when the caller has read it already (by this slug). */
  floor?: MerchantWithFloor;
  token?: string;
  at: Date;
  zoneId: string | 'all';
  clientCount: number;
  user?: SessionUser;
  lang: Lang;
}

/** One transition through the locked-write step. */
export interface LockedStep {
  /** Locks and reads the booking (after any lock that comes first in the lock order). */
  lock: (tx: Tx) => Promise<BookingRow | undefined>;
  action: LifeAction;
  actor: Actor;
  /** The merchant's time zone: the actions timed by the service window (arrive, no-show, undo) need it. */
  timezone?: string;
  /** Whether the merchant confirms by itself (validate and a diner's change read it). */
  autoConfirm?: boolean;
  /** Checks the caller may act on this booking, once the table allowed the action. */
  check?: (booking: BookingRow, now: Date) => void;
  /** The other columns the action writes (a new time, a table), under the locks it takes itself. */
  values?: (tx: Tx, booking: BookingRow, to: LifeState, now: Date) => Promise<Omit<Partial<NewBooking>, 'revision'>>;
  /** What the write sends (undefined: nothing). */
  cause?: BookingCause;
  /** Leaves the booking as it is when true (a sweep whose moment has not come for it). */
  skip?: (booking: BookingRow, now: Date) => boolean;
  /** A refusal by the table leaves the booking as it is instead of throwing (the server's own sweeps). */
  quiet?: boolean;
  /** The merchant's floor the step decided on, handed to what the write sends. */
  known?: KnownToWrite;
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MINUTE = 60_000;

/** A short reference a diner can read over the phone: 6 characters without look-alikes (0/O, 1/I). */
export function newRef(): string {
  let ref = '';
  for (let i = 0; i < 6; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}

function timezoneOf(input: LockedStep): string {
  if (input.timezone) return input.timezone;
  const when = ACTIONS[input.action].when;
  if (when === 'service_window' || when === 'service_from_start') throw new Error(`${input.action} needs the merchant's time zone`);
  // No other action reads the clock of the merchant's day.
  return 'UTC';
}

/** The booking writes' common kit: floors, transactions, the locked-write step, table claims, and telling what changed. */
export function createBookingWriter(deps: BookingServiceDeps) {
  const { db } = deps;
  const holdsCache = holdsCacheOf(db);
  // A merchant's slug never changes: lets a booking reach its merchant's cached floor.
  const slugById = new Map<string, string>();

  async function loadFloor(slug: string): Promise<MerchantWithFloor> {
    const floor = await findMerchantWithFloor(db, slug);
    if (!floor) throw new DomainError('merchant_not_found');
    slugById.set(floor.merchant.id, slug);
    return floor;
  }

  async function loadBooking(floor: MerchantWithFloor, token: string): Promise<BookingRow> {
    const booking = await findBookingByToken(db, floor.merchant.id, token);
    if (!booking) throw new DomainError('booking_not_found');
    return booking;
  }

  /** Locks the booking `token` names (of the merchant, or any merchant when undefined) for the transaction. */
  async function lockByToken(tx: Tx, token: string, merchantId: string | undefined): Promise<BookingRow> {
    const booking = await lockBookingByToken(tx, token, merchantId);
    if (!booking) throw new DomainError('booking_not_found');
    return booking;
  }

  /** Writes a booking read (and locked) in this transaction; its revision guards against any write it did not see. */
  async function save(tx: Tx, seen: BookingRow, values: Omit<Partial<NewBooking>, 'revision'>): Promise<BookingRow> {
    const row = await updateBooking(tx, seen, values);
    if (!row) throw new DomainError('booking_changed');
    return row;
  }

  /** Runs a booking write; a table taken meanwhile (exclusion constraint) becomes no_seats_available. */
  async function write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      // Locks are taken in one order, so a deadlock should never happen; should one, the database's victim runs again.
      return await retryOnConflict(() => db.transaction(work));
    } catch (error) {
      if (sqlStateOf(error) === EXCLUSION_VIOLATION) throw new DomainError('no_seats_available');
      throw error;
    }
  }

  /** Tells onWrite of a write in its transaction (the messages outbox); returns the row written. */
  async function recorded(
    tx: Tx,
    cause: BookingCause,
    before: BookingRow | undefined,
    after: BookingRow,
    now: Date,
    known?: KnownToWrite,
  ): Promise<BookingRow> {
    await deps.onWrite?.(tx, { cause, before, after, now, ...(known ? { known } : {}) });
    return after;
  }

  /** Tells pages and staff books of a committed write (the caches follow the database's change feed). */
  async function changed(booking: BookingRow): Promise<BookingRow> {
    await deps.onChange(booking);
    return booking;
  }

  /**
   * The locked-write step every change of a booking's state goes through: locks its row, checks the action against
   * the life-cycle table (throwing its error code), saves the next state with the next revision, records the outbox
   * rows, and once committed tells the listeners. Returns the booking as it then is.
   */
  async function step(input: LockedStep): Promise<BookingRow> {
    const now = deps.now();
    let written = false;
    const row = await write(async (tx) => {
      const fresh = await input.lock(tx);
      if (!fresh) throw new DomainError('booking_not_found');
      if (input.skip?.(fresh, now)) return fresh;
      const from = stateOfRow(fresh);
      let to: LifeState;
      try {
        to = nextState(input.action, input.actor, fresh, now, timezoneOf(input), { autoConfirm: input.autoConfirm ?? false });
      } catch (error) {
        if (input.quiet && error instanceof DomainError) return fresh;
        throw error;
      }
      input.check?.(fresh, now);
      const values = { ...stateValues(input.action, from, to, fresh, now), ...(await input.values?.(tx, fresh, to, now)), updatedAt: now };
      // A booking that takes its table again (an undone no-show) serialises with the day's other claims.
      if (values.holdsTable && !fresh.holdsTable && !input.values) await lockMerchantDays(tx, fresh.merchantId, [fresh.localDate]);
      const saved = await save(tx, fresh, values);
      written = true;
      return input.cause ? recorded(tx, input.cause, fresh, saved, now, input.known) : saved;
    });
    return written ? changed(row) : row;
  }

  /**
   * Finds the best free table or combination for the booking under the day lock, or throws no_seats_available; staff
   * may be given a table that is not online, and may name a table it must include.
   */
  async function claimTable(
    tx: Tx,
    floor: MerchantWithFloor,
    request: { at: Date; zoneId: string | 'all'; clientCount: number; tableId?: string; staff?: boolean },
    now: Date,
    excludeBookingId?: string,
  ): Promise<Seating> {
    const { merchant } = floor;
    const date = localDateOf(request.at, merchant.timezone);
    const { from, to } = holdsWindow(floor, date);
    // Sent together: the holds read leaves out lapsed drafts by itself (liveHolds), whether or not the release ran first.
    const [, holds] = await Promise.all([releaseExpiredDrafts(tx, now, merchant.id, excludeBookingId), listHolds(tx, merchant.id, from, to, now)]);
    const ctx = dayContext(floor, date, now, holds);
    if (!pacingAllows(ctx, request.at, request.clientCount, excludeBookingId)) {
      throw new DomainError('no_seats_available', { reason: 'pacing' });
    }
    // Staff may name the table: availability then looks at it alone, or at the combinations that include it.
    const options = { staff: request.staff ?? false, ...(request.tableId ? { tableId: request.tableId } : {}) };
    const seating = pickTable(ctx, request.zoneId, request.clientCount, request.at, excludeBookingId, options);
    if (!seating) throw new DomainError('no_seats_available');
    return seating;
  }

  /** Inserts a booking under a fresh reference (a clash draws another). */
  async function insertWithFreshRef(tx: Tx, values: Omit<NewBooking, 'ref'>): Promise<BookingRow> {
    // A clash on the reference writes nothing (no error, so no savepoint is needed to keep the transaction).
    for (let attempt = 0; attempt < 6; attempt++) {
      const inserted = await insertBookingUnlessRefTaken(tx, { ...values, ref: newRef() });
      if (inserted) return inserted;
    }
    throw new Error('no free booking reference after 6 draws');
  }

  /** The end of a booking of partySize at `at` at this merchant: its hold minutes (the turn time by party size). */
  function endOf(floor: Pick<MerchantWithFloor, 'merchant'>, at: Date, partySize: number): Date {
    return new Date(at.getTime() + holdMinutes(floor.merchant.settings, partySize) * MINUTE);
  }

  return {
    deps,
    db,
    holdsCache,
    slugOf: (merchantId: string) => slugById.get(merchantId),
    loadFloor,
    loadBooking,
    lockByToken,
    save,
    write,
    recorded,
    changed,
    step,
    claimTable,
    insertWithFreshRef,
    endOf,
  };
}

/** The booking writes' common kit. */
export type BookingWriter = ReturnType<typeof createBookingWriter>;
