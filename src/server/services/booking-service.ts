/** The booking lifecycle over the database: drafts that hold a table, validation, changes, cancellation. */
import { randomInt } from 'node:crypto';
import { pacingAllows, pickTable, startsTooSoon, type Slot, type TableHold, type TableInfo } from '../domain/availability.ts';
import { assertNotBegun, holdsTable, nextStatus, type BookingAction } from '../domain/booking-status.ts';
import { BookingStatus, type BookingStatusCode, type CancelReason } from '../../shared/booking-status.ts';
import { toBookingView, type BookingView } from '../domain/booking-view.ts';
import { dinerChangeOf } from '../domain/diner-change.ts';
import { DomainError } from '../domain/errors.ts';
import { canManageBooking, viewerClient, type BookingCaller } from '../domain/booking-access.ts';
import type { Lang } from '../../shared/langs.ts';
import { addDaysToLocalDate, localDateOf, startOfLocalDay, type LocalDate } from '../../shared/local-time.ts';
import { randomToken } from '../auth/tokens.ts';
import type { SessionUser } from '../auth/sessions.ts';
import {
  EXCLUSION_VIOLATION,
  UNIQUE_VIOLATION,
  findBookingByToken,
  findCurrentBooking,
  findOverlappingUserBooking,
  finishPastBookings,
  insertBooking,
  liveHolds,
  lockBooking,
  lockBookingByToken,
  lockDiner,
  listHolds,
  lockMerchantDays,
  releaseExpiredDrafts,
  sqlStateOf,
  updateBooking,
  type BookingRow,
  type NewBooking,
  type Tx,
} from '../db/booking-store.ts';
import { holdsCacheOf } from '../db/holds-cache.ts';
import { retryOnConflict } from '../db/retry-on-conflict.ts';
import { assertPhoneMayBook, phoneLimitsOf } from '../db/phone-limits.ts';
import { findMerchantById, findMerchantWithFloor, findZoneById, peekMerchantFloor } from '../db/merchant-store.ts';
import { findUserById } from '../db/user-store.ts';
import { users } from '../db/schema.ts';
import type { MerchantWithFloor, Zone } from '../domain/merchant-floor.ts';
import { holdRowsReaderOf } from '../db/batched-hold-reads.ts';
import type { Database } from '../db/database.ts';
import {
  assertBookableTime,
  assertMerchantBookable,
  assertNotClosed,
  assertPartySize,
  assertZone,
  dayContext,
  zonesWithTables,
} from '../domain/booking-rules.ts';
import { floorDaySlots } from '../domain/day-slots.ts';
import { daysTouched } from '../domain/merchant-days.ts';
import { closingAt } from '../db/closing-store.ts';
import { bookingIcs, downloadScheduling } from '../mail/booking-ics.ts';

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
  token?: string;
  at: Date;
  zoneId: string | 'all';
  clientCount: number;
  user?: SessionUser;
  lang: Lang;
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MINUTE = 60_000;

/** A short reference a diner can read over the phone: 6 characters without look-alikes (0/O, 1/I). */
export function newRef(): string {
  let ref = '';
  for (let i = 0; i < 6; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}

const windowsByMerchant = new WeakMap<MerchantWithFloor['merchant'], Map<LocalDate, { from: Date; to: Date }>>();
const MAX_WINDOWS_PER_MERCHANT = 2_000;

/** The instants whose bookings can bear on a merchant-local day's availability: the day and the next, widened by a booking's length. */
export function holdsWindow(floor: MerchantWithFloor, date: LocalDate): { from: Date; to: Date } {
  const { merchant } = floor;
  // The time-zone arithmetic is worth remembering per cached (frozen, so unchanging) merchant row.
  const byDate = Object.isFrozen(merchant) ? (windowsByMerchant.get(merchant) ?? new Map<LocalDate, { from: Date; to: Date }>()) : undefined;
  const known = byDate?.get(date);
  if (known) return { from: new Date(known.from), to: new Date(known.to) };
  const duration = merchant.settings.bookingDurationMinutes * MINUTE;
  const window = {
    from: new Date(startOfLocalDay(date, merchant.timezone).getTime() - duration),
    to: new Date(startOfLocalDay(addDaysToLocalDate(date, 2), merchant.timezone).getTime() + duration),
  };
  if (byDate) {
    if (byDate.size >= MAX_WINDOWS_PER_MERCHANT) byDate.delete(byDate.keys().next().value!);
    byDate.set(date, window);
    windowsByMerchant.set(merchant, byDate);
  }
  return { from: new Date(window.from), to: new Date(window.to) };
}

/** Creates the booking service. */
export function createBookingService(deps: BookingServiceDeps) {
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

  /** Whether the diner may still edit the booking (change, comment): not once it ended, only its owner. */
  function assertEditable(booking: BookingRow, user: SessionUser | undefined): void {
    if (booking.status === BookingStatus.Refused || booking.status === BookingStatus.Cancelled) throw new DomainError('canceled');
    if (booking.status === BookingStatus.Finished) throw new DomainError('already_done');
    assertMayChange(booking, user);
  }

  /** A booking that belongs to a diner is changed only with that diner's bearer (or its guest session). */
  function assertMayChange(booking: BookingRow, user: SessionUser | undefined): void {
    if (user?.sessionBookingId && user.sessionBookingId !== booking.id) throw new DomainError('booking_forbidden');
    if (booking.userId && booking.userId !== user?.id) {
      if (!user) throw new DomainError('unauthenticated');
      throw new DomainError('booking_forbidden');
    }
  }

  /** Finds a free table for the booking under the day lock, or throws no_seats_available. */
  async function claimTable(
    tx: Tx,
    floor: MerchantWithFloor,
    request: { at: Date; zoneId: string | 'all'; clientCount: number; tableId?: string },
    now: Date,
    excludeBookingId?: string,
  ): Promise<TableInfo> {
    const { merchant } = floor;
    const date = localDateOf(request.at, merchant.timezone);
    const { from, to } = holdsWindow(floor, date);
    await releaseExpiredDrafts(tx, now, merchant.id, excludeBookingId);
    const holds = await listHolds(tx, merchant.id, from, to, now);
    const day = dayContext(floor, date, now, holds);
    // Staff may name the table: availability then looks at that one only.
    const ctx = request.tableId ? { ...day, tables: day.tables.filter((table) => table.id === request.tableId) } : day;
    if (!pacingAllows(ctx, request.at, request.clientCount, excludeBookingId)) {
      throw new DomainError('no_seats_available', { reason: 'pacing' });
    }
    const table = pickTable(ctx, request.zoneId, request.clientCount, request.at, excludeBookingId);
    if (!table) throw new DomainError('no_seats_available');
    return table;
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

  /** Tells onWrite of a write in its transaction; returns the row written. */
  async function recorded(tx: Tx, cause: BookingCause, before: BookingRow | undefined, after: BookingRow, now: Date): Promise<BookingRow> {
    await deps.onWrite?.(tx, { cause, before, after, now });
    return after;
  }

  async function changed(booking: BookingRow): Promise<BookingRow> {
    await deps.onChange(booking);
    return booking;
  }

  /** Tells caches, pages and staff books of bookings written and committed elsewhere (a diner's new details). */
  async function announce(rows: BookingRow[]): Promise<void> {
    for (const row of rows) await changed(row);
  }

  /** Creates a draft holding a table, or changes the date, zone or guests of the booking `token` names. */
  async function createOrChange(request: DraftRequest): Promise<BookingRow> {
    const now = deps.now();
    const floor = await loadFloor(request.slug);
    assertMerchantBookable(floor);
    assertZone(floor, request.zoneId);
    assertPartySize(floor, request.zoneId, request.clientCount);
    // A new booking is refused before any transaction; a change first says what is wrong with the booking.
    if (!request.token) assertBookableTime(floor, request.at, now);
    const { merchant } = floor;
    const localDate = localDateOf(request.at, merchant.timezone);
    const endsAt = new Date(request.at.getTime() + merchant.settings.bookingDurationMinutes * MINUTE);

    const booking = await write(async (tx) => {
      // Lock order (every booking write): the booking's row, then its merchant days.
      const existing = request.token ? await lockByToken(tx, request.token, merchant.id) : undefined;
      if (existing) {
        assertEditable(existing, request.user);
        assertNotBegun('change', existing, now);
        assertBookableTime(floor, request.at, now);
      }
      await lockMerchantDays(
        tx,
        merchant.id,
        daysTouched(existing ? [{ startsAt: request.at, endsAt }, existing] : [{ startsAt: request.at, endsAt }], merchant.timezone),
      );
      const table = await claimTable(tx, floor, request, now, existing?.id);
      const values = {
        zoneId: table.zoneId,
        tableId: table.id,
        startsAt: request.at,
        endsAt,
        localDate,
        clientCount: request.clientCount,
        holdsTable: true,
        updatedAt: now,
      };
      if (existing) {
        const status = existing.status as BookingStatusCode | null;
        const zoneName = (id: string) => floor.zones.find((zone) => zone.id === id)?.name ?? '';
        // A validated booking's change is told to staff (a draft's is no booking yet).
        const dinerChange = status === null ? undefined : dinerChangeOf(existing, values, zoneName, now);
        const saved = await save(tx, existing, {
          ...values,
          // A changed confirmed booking goes back to the restaurant unless it confirms by itself.
          status: status === BookingStatus.Confirmed && !merchant.settings.autoConfirm ? BookingStatus.Pending : status,
          holdExpiresAt: status === null ? new Date(now.getTime() + deps.holdMinutes * MINUTE) : null,
          ...(dinerChange ? { dinerChange } : {}),
        });
        return recorded(tx, 'diner_change', existing, saved, now);
      }
      return insertWithFreshRef(tx, {
        ...values,
        merchantId: merchant.id,
        token: randomToken(24),
        // 192 random bits, 32 url-safe characters: the second secret, which manages the booking.
        manageKey: randomToken(24),
        userId: request.user && !request.user.sessionBookingId ? request.user.id : null,
        status: null,
        holdExpiresAt: new Date(now.getTime() + deps.holdMinutes * MINUTE),
        lang: request.lang,
        createdAt: now,
      });
    });
    return changed(booking);
  }

  async function insertWithFreshRef(tx: Tx, values: Omit<Parameters<typeof insertBooking>[1], 'ref'>): Promise<BookingRow> {
    for (let attempt = 0; ; attempt++) {
      const ref = newRef();
      // A savepoint, so a clash on the reference does not abort the whole transaction.
      try {
        return await tx.transaction((sp) => insertBooking(sp, { ...values, ref }));
      } catch (error) {
        if (sqlStateOf(error) !== UNIQUE_VIOLATION || attempt >= 5) throw error;
      }
    }
  }

  /** Makes a draft firm for the signed-in diner: pending, or confirmed when the merchant confirms by itself. */
  async function validate(slug: string, token: string, user: SessionUser): Promise<BookingRow> {
    const now = deps.now();
    const floor = await loadFloor(slug);
    // The status a booking as read may take, or why it may not (checked before, then again on the locked row).
    const validation = (booking: BookingRow): BookingStatusCode => {
      const status = nextStatus(booking.status as BookingStatusCode | null, 'validate', {
        autoConfirm: floor.merchant.settings.autoConfirm,
      });
      assertMayChange(booking, user);
      if (!user.phone) throw new DomainError('no_phone');
      assertMerchantBookable(floor);
      if (startsTooSoon(booking.startsAt, now, floor.merchant.settings)) throw new DomainError('last_minute_booking_not_allowed');
      // A draft made before staff closed its time is not made firm inside the closing.
      assertNotClosed(floor, booking.startsAt);
      return status;
    };
    const booking = await loadBooking(floor, token);
    validation(booking);

    const validated = await write(async (tx) => {
      // One diner's validations run one at a time, so two overlapping bookings cannot both pass the check.
      await lockDiner(tx, user.id);
      const fresh = await lockBooking(tx, booking.id);
      if (!fresh) throw new DomainError('booking_not_found');
      const status = validation(fresh);
      await lockMerchantDays(tx, floor.merchant.id, daysTouched([fresh], floor.merchant.timezone));
      // A closing made while this validation waited for the day is read here, after the lock its writer held.
      const closing = await closingAt(tx, floor.merchant.id, fresh.startsAt);
      if (closing) assertNotClosed({ ...floor, closings: [closing] }, fresh.startsAt);
      if (await findOverlappingUserBooking(tx, fresh, user.id)) throw new DomainError('user_booking_limit_reached');
      await assertPhoneMayBook(tx, fresh, user, phoneLimitsOf(db));
      let tableId = fresh.tableId;
      let zoneId = fresh.zoneId;
      const lapsed = !fresh.holdsTable || (fresh.holdExpiresAt !== null && fresh.holdExpiresAt < now);
      if (lapsed) {
        // The hold ran out: the table is ours again only if nobody took it meanwhile.
        const table = await claimTable(tx, floor, { at: fresh.startsAt, zoneId: fresh.zoneId, clientCount: fresh.clientCount }, now, fresh.id);
        tableId = table.id;
        zoneId = table.zoneId;
      }
      const saved = await save(tx, fresh, {
        status,
        userId: user.id,
        tableId,
        zoneId,
        holdsTable: true,
        holdExpiresAt: null,
        validatedAt: now,
        updatedAt: now,
      });
      return recorded(tx, 'validate', fresh, saved, now);
    });
    return changed(validated);
  }

  /** The diner cancels their booking (status 40, reason client_cancel), not once its time has come. */
  async function cancelByClient(slug: string, token: string, user: SessionUser | undefined): Promise<BookingRow> {
    const floor = await loadFloor(slug);
    return transition(token, floor.merchant.id, 'client_cancel', { reason: 'client_cancel' }, (booking, now) => {
      assertMayChange(booking, user);
      nextStatus(booking.status as BookingStatusCode | null, 'client_cancel', { autoConfirm: floor.merchant.settings.autoConfirm });
      assertNotBegun('client_cancel', booking, now);
    });
  }

  /**
   * Applies a lifecycle action (not validate) to the booking `token` names, on its locked row, and records
   * why it ended, when it ends; `check` may refuse it first.
   */
  async function transition(
    token: string,
    merchantId: string | undefined,
    action: Exclude<BookingAction, 'validate'>,
    cancel?: { reason: CancelReason; message?: string },
    check?: (booking: BookingRow, now: Date) => void,
  ): Promise<BookingRow> {
    const now = deps.now();
    const updated = await write(async (tx) => {
      const fresh = await lockByToken(tx, token, merchantId);
      check?.(fresh, now);
      // autoConfirm only bears on validate.
      const status = nextStatus(fresh.status as BookingStatusCode | null, action, { autoConfirm: false });
      if (action === 'confirm') assertNotBegun('confirm', fresh, now);
      const saved = await save(tx, fresh, {
        status,
        holdsTable: holdsTable(status) && fresh.holdsTable,
        holdExpiresAt: null,
        cancelReason: cancel?.reason ?? fresh.cancelReason,
        cancelMessage: cancel?.message ?? fresh.cancelMessage,
        updatedAt: now,
      });
      return action === 'finish' ? saved : recorded(tx, action, fresh, saved, now);
    });
    return changed(updated);
  }

  /** A restaurant action, through the admin API (any merchant) or a staff call (`merchantId`: that merchant's bookings only). */
  async function restaurantAction(
    token: string,
    action: 'confirm' | 'refuse' | 'cancel' | 'finish',
    cancel?: { reason: CancelReason; message?: string },
    merchantId?: string,
  ): Promise<BookingRow> {
    const lifecycleAction = action === 'cancel' ? 'restaurant_cancel' : action;
    return transition(token, merchantId, lifecycleAction, action === 'refuse' || action === 'cancel' ? cancel : undefined);
  }

  /**
   * A restaurant's change of its own booking's bookkeeping (arrival, no-show, finish, their undo, private note): `mark`
   * checks the locked row and names the values to write, which then count a revision and publish UpdateBooking like
   * any other write. A mark that takes the table again (an undone no-show) serialises with the day's other claims.
   */
  async function restaurantMark(
    token: string,
    merchantId: string,
    mark: (booking: BookingRow, now: Date) => Omit<Partial<NewBooking>, 'revision'>,
  ): Promise<BookingRow> {
    const now = deps.now();
    const updated = await write(async (tx) => {
      const fresh = await lockByToken(tx, token, merchantId);
      const values = mark(fresh, now);
      if (values.holdsTable && !fresh.holdsTable) await lockMerchantDays(tx, fresh.merchantId, [fresh.localDate]);
      return save(tx, fresh, { ...values, updatedAt: now });
    });
    return changed(updated);
  }

  /**
   * The restaurant moves a pending or confirmed booking of its own to another time, zone or table, through the same
   * availability (pacing, a free table that fits, the exclusion constraint) as a diner's change; its status stays.
   */
  async function restaurantMove(
    token: string,
    merchantId: string,
    slug: string,
    move: { at: Date; zoneId: string | 'all'; tableId?: string },
  ): Promise<BookingRow> {
    const now = deps.now();
    const floor = await loadFloor(slug);
    const { merchant } = floor;
    if (merchant.id !== merchantId) throw new DomainError('booking_not_found');
    if (move.zoneId !== 'all') assertZone(floor, move.zoneId);
    if (move.at.getTime() < now.getTime()) throw new DomainError('booking_time_passed', { action: 'move' }, 'Cannot move a booking into the past');
    const localDate = localDateOf(move.at, merchant.timezone);
    const movedEnd = new Date(move.at.getTime() + merchant.settings.bookingDurationMinutes * MINUTE);
    const updated = await write(async (tx) => {
      const existing = await lockByToken(tx, token, merchant.id);
      if (existing.status !== BookingStatus.Pending && existing.status !== BookingStatus.Confirmed) {
        throw new DomainError('invalid_transition', { status: existing.status, action: 'move' }, 'Only a pending or confirmed booking moves');
      }
      await lockMerchantDays(tx, merchant.id, daysTouched([{ startsAt: move.at, endsAt: movedEnd }, existing], merchant.timezone));
      const table = await claimTable(tx, floor, { ...move, clientCount: existing.clientCount }, now, existing.id);
      const saved = await save(tx, existing, {
        zoneId: table.zoneId,
        tableId: table.id,
        startsAt: move.at,
        endsAt: movedEnd,
        localDate,
        holdsTable: true,
        updatedAt: now,
      });
      return recorded(tx, 'restaurant_move', existing, saved, now);
    });
    return changed(updated);
  }

  /**
   * A booking the restaurant takes itself (on the phone, or a walk-in): a guest diner with the details given, a
   * table through the same availability as an online booking (pacing, a free table that fits, the exclusion
   * constraint), confirmed at once; a walk-in seated now is arrived too. The diner is told at the email given (when
   * given) as at the phone. Its token is the diner's view link if the restaurant sends it.
   */
  async function restaurantCreate(
    slug: string,
    merchantId: string,
    input: {
      at: Date;
      zoneId: string | 'all';
      tableId?: string;
      clientCount: number;
      diner: { firstname: string; lastname: string; phone: string | null; email: string | null };
      comment: string;
      lang: Lang;
      /** A walk-in sitting down now: the booking is created arrived. */
      seated?: boolean;
    },
  ): Promise<BookingRow> {
    const now = deps.now();
    const floor = await loadFloor(slug);
    const { merchant } = floor;
    if (merchant.id !== merchantId) throw new DomainError('merchant_not_found');
    if (input.zoneId !== 'all') assertZone(floor, input.zoneId);
    assertPartySize(floor, input.zoneId, input.clientCount);
    // A walk-in sits down now: a time up to a quarter of an hour ago is still taken.
    if (input.at.getTime() < now.getTime() - 15 * MINUTE) throw new DomainError('booking_time_passed', { action: 'create' }, 'Cannot book in the past');
    if (input.seated && input.at.getTime() > now.getTime() + 15 * MINUTE) {
      throw new DomainError('validation_error', { errors: { walk_in: ['a walk-in sits down now'] } }, 'walk_in: a walk-in sits down now');
    }
    const localDate = localDateOf(input.at, merchant.timezone);
    const endsAt = new Date(input.at.getTime() + merchant.settings.bookingDurationMinutes * MINUTE);
    const booking = await write(async (tx) => {
      await lockMerchantDays(tx, merchant.id, daysTouched([{ startsAt: input.at, endsAt }], merchant.timezone));
      const table = await claimTable(tx, floor, input, now);
      const [guest] = await tx
        .insert(users)
        .values({
          ...input.diner,
          email: null,
          anonymousEmail: input.diner.email,
          // The email staff took down is where the diner hears of the booking, as a guest who ticked the option online.
          wantsEmailConfirmation: input.diner.email !== null,
          anonymous: true,
          onboarding: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const inserted = await insertWithFreshRef(tx, {
        merchantId: merchant.id,
        zoneId: table.zoneId,
        tableId: table.id,
        userId: guest!.id,
        token: randomToken(24),
        manageKey: randomToken(24),
        status: BookingStatus.Confirmed,
        startsAt: input.at,
        endsAt,
        localDate,
        clientCount: input.clientCount,
        // What staff write down is the restaurant's word, not the diner's comment: it is the booking's staff note.
        comment: '',
        staffNote: input.comment,
        holdsTable: true,
        holdExpiresAt: null,
        validatedAt: now,
        arrivedAt: input.seated ? now : null,
        lang: input.lang,
        createdAt: now,
        updatedAt: now,
      });
      return recorded(tx, 'restaurant_create', undefined, inserted, now);
    });
    return changed(booking);
  }

  /** Sets the diner's comment. */
  async function setComment(slug: string, token: string, comment: string, user: SessionUser | undefined): Promise<BookingRow> {
    const floor = await loadFloor(slug);
    const updated = await write(async (tx) => {
      const fresh = await lockByToken(tx, token, floor.merchant.id);
      assertEditable(fresh, user);
      return save(tx, fresh, { comment, updatedAt: deps.now() });
    });
    return changed(updated);
  }

  /** Ties a booking to the signed-in diner (after sign-in or guest details). */
  async function attachUser(slug: string, token: string, user: SessionUser): Promise<BookingRow> {
    const floor = await loadFloor(slug);
    const attached = await write(async (tx) => {
      const fresh = await lockByToken(tx, token, floor.merchant.id);
      assertMayChange(fresh, user);
      if (fresh.userId === user.id) return undefined;
      return save(tx, fresh, { userId: user.id, updatedAt: deps.now() });
    });
    return attached ? changed(attached) : loadBooking(floor, token);
  }

  /** Finishes a confirmed booking whose time has passed, unless another write got there first; the booking as it then is. */
  async function finishIfPast(booking: BookingRow): Promise<BookingRow> {
    const now = deps.now();
    let finished = false;
    const current = await write(async (tx) => {
      const fresh = await lockBooking(tx, booking.id);
      if (!fresh) throw new DomainError('booking_not_found');
      if (fresh.status !== BookingStatus.Confirmed || fresh.endsAt >= now) return fresh;
      finished = true;
      return save(tx, fresh, { status: BookingStatus.Finished, holdsTable: false, holdExpiresAt: null, updatedAt: now });
    });
    return finished ? changed(current) : current;
  }

  /**
   * Closes a booking still pending when its time (`startsAt`, as planned) has come: the restaurant never answered, so it
   * is refused (25) for the reason restaurant_no_answer and stops holding its table. Nothing happens to a booking answered, moved or ended meanwhile.
   */
  async function closeUnanswered(bookingId: string, startsAt: Date): Promise<BookingRow | undefined> {
    const now = deps.now();
    let closed = false;
    const current = await write(async (tx) => {
      const fresh = await lockBooking(tx, bookingId);
      if (!fresh || fresh.status !== BookingStatus.Pending || fresh.startsAt.getTime() !== startsAt.getTime() || fresh.startsAt > now) return fresh;
      closed = true;
      const saved = await save(tx, fresh, {
        status: BookingStatus.Refused,
        cancelReason: 'restaurant_no_answer' satisfies CancelReason,
        holdsTable: false,
        holdExpiresAt: null,
        updatedAt: now,
      });
      return recorded(tx, 'close_unanswered', fresh, saved, now);
    });
    return closed && current ? changed(current) : current;
  }

  /**
   * Reads a booking; a confirmed booking whose time has passed is finished on the way. The token alone reads it,
   * whoever calls (it is the view link): what the caller then sees is `view`'s business.
   */
  async function get(slug: string, token: string): Promise<{ floor: MerchantWithFloor; booking: BookingRow }> {
    const floor = await loadFloor(slug);
    let booking = await loadBooking(floor, token);
    if (booking.status === BookingStatus.Confirmed && booking.endsAt < deps.now()) booking = await finishIfPast(booking);
    return { floor, booking };
  }

  /** Releases lapsed drafts and finishes past bookings; run periodically. */
  async function sweep(): Promise<{ released: number; finished: number }> {
    const now = deps.now();
    const released = await releaseExpiredDrafts(db, now);
    const finished = await finishPastBookings(db, now);
    for (const booking of [...released, ...finished]) await deps.onChange(booking);
    return { released: released.length, finished: finished.length };
  }

  /** The bookings holding a table at `now` that bear on a merchant-local day's availability. */
  function dayHolds(floor: MerchantWithFloor, date: LocalDate, now: Date): Promise<TableHold[]> {
    const { from, to } = holdsWindow(floor, date);
    return holdsCache.holds(floor.merchant.id, from, to, now);
  }

  /** A merchant's floor and the holds bearing on one of its days, in one round trip when the floor is cached. */
  async function dayAvailability(slug: string, date: LocalDate, now: Date): Promise<{ floor: MerchantWithFloor; holds: TableHold[] }> {
    const peeked = peekMerchantFloor(db, slug);
    if (peeked) {
      // Shared database: the holds come with the merchant's version, which vouches for the cached floor.
      const { from, to } = holdsWindow(peeked.floor, date);
      const { version, rows } = await holdRowsReaderOf(db)(peeked.floor.merchant.id, from, to);
      if (version === peeked.version) return { floor: peeked.floor, holds: liveHolds(rows, now) };
    }
    const floor = await loadFloor(slug);
    return { floor, holds: await dayHolds(floor, date, now) };
  }

  /** A merchant's floor for its booking page; refused, with the merchant's phone, when it takes no booking. */
  async function bookableFloor(slug: string): Promise<MerchantWithFloor> {
    const floor = await loadFloor(slug);
    assertMerchantBookable(floor, { phone: floor.merchant.phone });
    return floor;
  }

  /** The zones a diner may choose at a merchant that takes bookings. */
  async function bookingZones(slug: string): Promise<Zone[]> {
    const floor = await loadFloor(slug);
    assertMerchantBookable(floor);
    return zonesWithTables(floor);
  }

  /** The bookable times of a merchant-local day for a party in a zone ('all': any), after the request's checks. */
  async function slots(slug: string, date: LocalDate, zoneId: string | 'all', neededSeats: number): Promise<readonly Slot[]> {
    const now = deps.now();
    const { floor, holds } = await dayAvailability(slug, date, now);
    assertMerchantBookable(floor);
    assertZone(floor, zoneId);
    assertPartySize(floor, zoneId, neededSeats);
    return floorDaySlots(floor, date, now, holds, zoneId, neededSeats);
  }

  /** A booking as an RFC 5545 calendar in the diner's language (the token alone reads it). */
  async function calendar(slug: string, token: string, lang: Lang): Promise<string> {
    const { floor, booking } = await get(slug, token);
    const zone = floor.merchant.settings.showZone ? floor.zones.find((candidate) => candidate.id === booking.zoneId) : undefined;
    return bookingIcs(booking, floor.merchant, zone?.name, lang, downloadScheduling(booking, floor.merchant));
  }

  /** The signed-in diner's coming booking at this merchant, if any. */
  async function currentBookingToken(merchantId: string, user: SessionUser | undefined): Promise<string | null> {
    if (!user) return null;
    const booking = await findCurrentBooking(db, merchantId, user.id, deps.now());
    // A session scoped to one booking (a guest's, or a manage link's) reaches no other booking of its diner.
    if (user.sessionBookingId && booking?.id !== user.sessionBookingId) return null;
    return booking?.token ?? null;
  }

  /**
   * The browser's view of a booking for `caller`: its owner's bearer may manage it and sees the diner's details; any
   * other holder of the token only views it, without contact details; the provider (admin API) sees everything.
   */
  async function view(
    booking: BookingRow,
    givenFloor: MerchantWithFloor | undefined,
    lang: Lang,
    caller: BookingCaller | 'provider' | undefined,
  ): Promise<BookingView & { canManage: boolean }> {
    const slug = slugById.get(booking.merchantId);
    const floor = givenFloor ?? (slug ? await findMerchantWithFloor(db, slug) : undefined);
    const merchant = floor?.merchant ?? (await findMerchantById(db, booking.merchantId));
    if (!merchant) throw new Error('booking without merchant');
    const zone = floor?.zones.find((candidate) => candidate.id === booking.zoneId) ?? (await findZoneById(db, booking.zoneId));
    const client = booking.userId ? await findUserById(db, booking.userId) : undefined;
    const canManage = caller !== 'provider' && canManageBooking(booking, caller);
    const full = toBookingView({
      booking,
      merchant,
      zone: { id: booking.zoneId, name: zone?.name ?? '' },
      client: client ?? null,
      lang,
      now: deps.now(),
    });
    const seesContact = canManage || caller === 'provider';
    return { ...full, bookingClient: full.bookingClient && !seesContact ? viewerClient(full.bookingClient) : full.bookingClient, canManage };
  }

  return {
    createOrChange,
    validate,
    cancelByClient,
    restaurantAction,
    restaurantMark,
    restaurantMove,
    restaurantCreate,
    setComment,
    attachUser,
    announce,
    get,
    sweep,
    closeUnanswered,
    currentBookingToken,
    view,
    loadFloor,
    bookableFloor,
    bookingZones,
    slots,
    calendar,
    dayHolds,
    dayAvailability,
  };
}

/** The booking service's interface. */
export type BookingService = ReturnType<typeof createBookingService>;
