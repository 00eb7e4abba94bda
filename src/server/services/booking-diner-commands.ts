/** What a diner does to a booking: a draft holding a table, its change, its validation, its cancellation, a comment, its owner. */
import { assertBookableTime, assertLeadTime, assertMerchantBookable, assertNotClosed, assertPartySize, assertZone } from '../domain/booking-rules.ts';
import { stateOfRow } from '../domain/booking-transition.ts';
import { dinerChangeOf } from '../domain/diner-change.ts';
import { DomainError } from '../domain/errors.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';
import { daysTouched } from '../domain/merchant-days.ts';
import { stateRefusal } from '../../shared/booking-life-cycle.ts';
import { localDateOf } from '../../shared/local-time.ts';
import { randomToken } from '../auth/tokens.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Tx } from '../db/database.ts';
import { lockDiner, lockKeys, lockMerchantDays, merchantDayKeys, type BookingRow } from '../db/booking-store.ts';
import { closingAt } from '../db/closing-store.ts';
import { assertDinerMayBook, phoneLimitsOf, phoneLockKey } from '../db/phone-limits.ts';
import type { BookingWriter, DraftRequest } from './booking-write.ts';
import type { Seating } from '../domain/availability.ts';

const MINUTE = 60_000;

/** A booking that belongs to a diner is changed only with that diner's bearer (or its guest session). */
export function assertMayChange(booking: BookingRow, user: SessionUser | undefined): void {
  if (user?.sessionBookingId && user.sessionBookingId !== booking.id) throw new DomainError('booking_forbidden');
  if (booking.userId && booking.userId !== user?.id) {
    if (!user) throw new DomainError('unauthenticated');
    throw new DomainError('booking_forbidden');
  }
}

/** The diner's commands on bookings. */
export function createDinerCommands(w: BookingWriter) {
  const { deps } = w;

  /** Creates a draft holding a table, or changes the date, zone or guests of the booking `token` names. */
  async function createOrChange(request: DraftRequest): Promise<BookingRow> {
    const now = deps.now();
    const floor = request.floor ?? (await w.loadFloor(request.slug));
    assertMerchantBookable(floor);
    assertZone(floor, request.zoneId);
    assertPartySize(floor, request.zoneId, request.clientCount);
    const { merchant } = floor;
    const endsAt = w.endOf(floor, request.at, request.clientCount);
    const values = (seating: Seating) => ({
      zoneId: seating.zoneId,
      tableId: seating.tableId,
      joinedTableIds: [...seating.joinedTableIds],
      startsAt: request.at,
      endsAt,
      localDate: localDateOf(request.at, merchant.timezone),
      clientCount: request.clientCount,
      holdsTable: true,
      updatedAt: now,
    });
    if (request.token) {
      const token = request.token;
      // A change first says what is wrong with the booking, then with the new time.
      return w.step({
        lock: (tx) => w.lockByToken(tx, token, merchant.id),
        action: 'diner_change',
        actor: 'diner',
        autoConfirm: merchant.settings.autoConfirm,
        check: (existing) => {
          assertMayChange(existing, request.user);
          assertBookableTime(floor, request.at, now);
        },
        cause: 'diner_change',
        known: floor,
        values: async (tx, existing) => {
          // Lock order (every booking write): the booking's row, then its merchant days.
          await lockMerchantDays(tx, merchant.id, daysTouched([{ startsAt: request.at, endsAt }, existing], merchant.timezone));
          const changed = values(await w.claimTable(tx, floor, request, now, existing.id));
          const zoneName = (id: string) => floor.zones.find((zone) => zone.id === id)?.name ?? '';
          // A validated booking's change is told to staff (a draft's is no booking yet).
          const dinerChange = existing.status === null ? undefined : dinerChangeOf(existing, changed, zoneName, now);
          return {
            ...changed,
            holdExpiresAt: existing.status === null ? new Date(now.getTime() + deps.holdMinutes * MINUTE) : null,
            ...(dinerChange ? { dinerChange } : {}),
          };
        },
      });
    }
    assertBookableTime(floor, request.at, now);
    const booking = await w.write(async (tx) => {
      await lockMerchantDays(tx, merchant.id, daysTouched([{ startsAt: request.at, endsAt }], merchant.timezone));
      const table = await w.claimTable(tx, floor, request, now);
      return w.insertWithFreshRef(tx, {
        ...values(table),
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
    return w.changed(booking);
  }

  /** Makes a draft firm for the signed-in diner: pending, or confirmed when the merchant confirms by itself (the merchant by slug, or its floor as read). */
  async function validate(merchantOrSlug: string | MerchantWithFloor, token: string, user: SessionUser): Promise<BookingRow> {
    const now = deps.now();
    const floor = typeof merchantOrSlug === 'string' ? await w.loadFloor(merchantOrSlug) : merchantOrSlug;
    const { merchant } = floor;
    // What else than the table a validation asks (checked on the locked row).
    const check = (booking: BookingRow) => {
      assertMayChange(booking, user);
      if (!user.phone) throw new DomainError('no_phone');
      assertMerchantBookable(floor);
      assertLeadTime(floor, booking.startsAt, now);
      // A draft made before staff closed its time is not made firm inside the closing.
      assertNotClosed(floor, booking.startsAt);
    };
    return w.step({
      lock: async (tx) => {
        // One diner's validations run one at a time, so two overlapping bookings cannot both pass the check. The booking
        // is read only once its lock is held: what is decided on is the row as locked (a refusal costs the diner's lock).
        await lockDiner(tx, user.id);
        return w.lockByToken(tx, token, merchant.id);
      },
      action: 'validate',
      actor: 'diner',
      autoConfirm: merchant.settings.autoConfirm,
      check,
      cause: 'validate',
      // The validating diner becomes the booking's: its messages need not read the row the session just read.
      known: { ...floor, diner: user },
      values: (tx, fresh) => validation(tx, floor, fresh, user, now),
    });
  }

  /** What a validation writes beside the status, once the day's checks pass under its lock. */
  async function validation(tx: Tx, floor: MerchantWithFloor, fresh: BookingRow, user: SessionUser, now: Date) {
    // The day's claims, then the phone's validations (the lock order: the booking's row, its days, its phone), in one statement.
    const phoneKeys = user.phone ? [phoneLockKey(user.phone)] : [];
    await lockKeys(tx, [...merchantDayKeys(floor.merchant.id, daysTouched([fresh], floor.merchant.timezone)), ...phoneKeys]);
    // A closing made while this validation waited for the day is read here, after the lock its writer held; the
    // diner's limits are read with it (two reads sent together), and a closing is the answer before a limit.
    const [closing, overLimit] = await Promise.all([
      closingAt(tx, floor.merchant.id, fresh.startsAt),
      assertDinerMayBook(tx, fresh, user, phoneLimitsOf(w.db), { locked: true }).then(
        () => undefined,
        (error: unknown) => ({ error }),
      ),
    ]);
    if (closing) assertNotClosed({ ...floor, closings: [closing] }, fresh.startsAt);
    if (overLimit) throw overLimit.error;
    let seated = { tableId: fresh.tableId, joinedTableIds: fresh.joinedTableIds, zoneId: fresh.zoneId };
    const lapsed = !fresh.holdsTable || (fresh.holdExpiresAt !== null && fresh.holdExpiresAt <= now);
    if (lapsed) {
      // The hold ran out: the table is ours again only if nobody took it meanwhile.
      const seating = await w.claimTable(tx, floor, { at: fresh.startsAt, zoneId: fresh.zoneId, clientCount: fresh.clientCount }, now, fresh.id);
      seated = { tableId: seating.tableId, joinedTableIds: [...seating.joinedTableIds], zoneId: seating.zoneId };
    }
    return { userId: user.id, ...seated, holdsTable: true, holdExpiresAt: null, validatedAt: now };
  }

  /** The diner cancels their booking (status 40, reason client_cancel), not once its time has come. */
  async function cancelByClient(slug: string, token: string, user: SessionUser | undefined): Promise<BookingRow> {
    const floor = await w.loadFloor(slug);
    return w.step({
      lock: (tx) => w.lockByToken(tx, token, floor.merchant.id),
      action: 'client_cancel',
      actor: 'diner',
      check: (booking) => assertMayChange(booking, user),
      cause: 'client_cancel',
      known: floor,
      values: () => Promise.resolve({ cancelReason: 'client_cancel' }),
    });
  }

  /** Sets the diner's comment, while the diner may still change the booking. */
  async function setComment(slug: string, token: string, comment: string, user: SessionUser | undefined): Promise<BookingRow> {
    const floor = await w.loadFloor(slug);
    const updated = await w.write(async (tx) => {
      const fresh = await w.lockByToken(tx, token, floor.merchant.id);
      const refusal = stateRefusal('diner_change', 'diner', stateOfRow(fresh));
      if (refusal) throw new DomainError(refusal.code, refusal.details, refusal.message);
      assertMayChange(fresh, user);
      return w.save(tx, fresh, { comment, updatedAt: deps.now() });
    });
    return w.changed(updated);
  }

  /** Ties a booking to the signed-in diner (after sign-in or guest details). */
  async function attachUser(slug: string, token: string, user: SessionUser): Promise<BookingRow> {
    const floor = await w.loadFloor(slug);
    const attached = await w.write(async (tx) => {
      const fresh = await w.lockByToken(tx, token, floor.merchant.id);
      assertMayChange(fresh, user);
      if (fresh.userId === user.id) return undefined;
      return w.save(tx, fresh, { userId: user.id, updatedAt: deps.now() });
    });
    return attached ? w.changed(attached) : w.loadBooking(floor, token);
  }

  return { createOrChange, validate, cancelByClient, setComment, attachUser };
}
