/** What the restaurant does to its bookings: answer, cancel, mark what happened at the service, move, take one itself, note. */
import { assertPartySize, assertZone } from '../domain/booking-rules.ts';
import { DomainError } from '../domain/errors.ts';
import { daysTouched } from '../domain/merchant-days.ts';
import { noteMark } from '../domain/staff-marks.ts';
import { statusOfState, type CancelReason } from '../../shared/booking-life-cycle.ts';
import type { Lang } from '../../shared/langs.ts';
import { localDateOf } from '../../shared/local-time.ts';
import { randomToken } from '../auth/tokens.ts';
import { lockMerchantDays, type BookingRow } from '../db/booking-store.ts';
import { insertStaffGuest, type GuestDetails } from '../db/user-store.ts';
import type { BookingCause, BookingWriter } from './booking-write.ts';

const MINUTE = 60_000;

/** A restaurant's answer or cancellation, as the admin API and the staff book name it. */
export type RestaurantAction = 'confirm' | 'refuse' | 'cancel' | 'finish';

/** What staff mark about the service: an arrival, a no-show, a finish, or the undo of the last one. */
export type StaffMark = 'arrive' | 'no_show' | 'finish' | 'undo';

/** The restaurant's commands on bookings. */
export function createStaffCommands(w: BookingWriter) {
  const { deps } = w;

  /**
   * A restaurant action through the admin API (any merchant) or a staff call
   * (`merchantId`: that merchant's bookings only); a refusal or a cancellation records why.
   */
  async function restaurantAction(
    token: string,
    action: RestaurantAction,
    cancel?: { reason: CancelReason; message?: string },
    merchantId?: string,
  ): Promise<BookingRow> {
    const lifeAction = action === 'cancel' ? 'restaurant_cancel' : action;
    const ends = action === 'refuse' || action === 'cancel';
    return w.step({
      lock: (tx) => w.lockByToken(tx, token, merchantId),
      action: lifeAction,
      // The admin API's finish is the system's (a confirmed booking the provider closes); staff finish a seated diner's by a mark.
      actor: lifeAction === 'finish' ? 'system' : 'staff',
      // A finish sends nothing; the others tell the diner.
      cause: lifeAction === 'finish' ? undefined : (lifeAction satisfies BookingCause),
      values: (_tx, fresh) => Promise.resolve(ends && cancel ? { cancelReason: cancel.reason, cancelMessage: cancel.message ?? fresh.cancelMessage } : {}),
    });
  }

  /**
   * Staff's mark of what happened at the service (arrival, no-show, finish, their undo), in the merchant's service
   * window as the life-cycle table says; it counts a revision and publishes UpdateBooking like any other write.
   */
  function restaurantMark(token: string, merchant: { id: string; timezone: string }, mark: StaffMark): Promise<BookingRow> {
    return w.step({ lock: (tx) => w.lockByToken(tx, token, merchant.id), action: mark, actor: 'staff', timezone: merchant.timezone });
  }

  /** Sets staff's private note on any booking but a draft (no change of state). */
  async function setStaffNote(token: string, merchantId: string, note: string): Promise<BookingRow> {
    const updated = await w.write(async (tx) => {
      const fresh = await w.lockByToken(tx, token, merchantId);
      return w.save(tx, fresh, { ...noteMark(fresh, note), updatedAt: deps.now() });
    });
    return w.changed(updated);
  }

  /**
   * The restaurant moves a pending or confirmed booking of its own to another time, zone or table, through the same
   * availability (pacing, a free table that fits, the exclusion constraint) as a diner's change; its status stays.
   * A seated party may change table at its own time (its time passed, its end kept); any other move into the past is
   * refused.
   */
  async function restaurantMove(
    token: string,
    merchantId: string,
    slug: string,
    move: { at: Date; zoneId: string | 'all'; tableId?: string },
  ): Promise<BookingRow> {
    const now = deps.now();
    const floor = await w.loadFloor(slug);
    const { merchant } = floor;
    if (merchant.id !== merchantId) throw new DomainError('booking_not_found');
    if (move.zoneId !== 'all') assertZone(floor, move.zoneId);
    return w.step({
      lock: (tx) => w.lockByToken(tx, token, merchant.id),
      action: 'move',
      actor: 'staff',
      cause: 'restaurant_move',
      values: async (tx, existing) => {
        const seatedTableChange = existing.arrivedAt !== null && move.at.getTime() === existing.startsAt.getTime();
        if (move.at.getTime() < now.getTime() && !seatedTableChange) {
          throw new DomainError('booking_time_passed', { action: 'move' }, 'Cannot move a booking into the past');
        }
        const movedEnd = seatedTableChange ? existing.endsAt : w.endOf(floor, move.at, existing.clientCount);
        await lockMerchantDays(tx, merchant.id, daysTouched([{ startsAt: move.at, endsAt: movedEnd }, existing], merchant.timezone));
        const seating = await w.claimTable(tx, floor, { ...move, clientCount: existing.clientCount, staff: true }, now, existing.id);
        return {
          zoneId: seating.zoneId,
          tableId: seating.tableId,
          joinedTableIds: [...seating.joinedTableIds],
          startsAt: move.at,
          endsAt: movedEnd,
          localDate: localDateOf(move.at, merchant.timezone),
          holdsTable: true,
        };
      },
    });
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
      diner: GuestDetails;
      comment: string;
      lang: Lang;
      /** A walk-in sitting down now: the booking is created arrived. */
      seated?: boolean;
    },
  ): Promise<BookingRow> {
    const now = deps.now();
    const floor = await w.loadFloor(slug);
    const { merchant } = floor;
    if (merchant.id !== merchantId) throw new DomainError('merchant_not_found');
    if (input.zoneId !== 'all') assertZone(floor, input.zoneId);
    assertPartySize(floor, input.zoneId, input.clientCount, { staff: true });
    // A walk-in sits down now: a time up to a quarter of an hour ago is still taken.
    if (input.at.getTime() < now.getTime() - 15 * MINUTE) throw new DomainError('booking_time_passed', { action: 'create' }, 'Cannot book in the past');
    if (input.seated && input.at.getTime() > now.getTime() + 15 * MINUTE) {
      throw new DomainError('validation_error', { errors: { walk_in: ['a walk-in sits down now'] } }, 'walk_in: a walk-in sits down now');
    }
    const endsAt = w.endOf(floor, input.at, input.clientCount);
    const booking = await w.write(async (tx) => {
      await lockMerchantDays(tx, merchant.id, daysTouched([{ startsAt: input.at, endsAt }], merchant.timezone));
      const seating = await w.claimTable(tx, floor, { ...input, staff: true }, now);
      const guestId = await insertStaffGuest(tx, input.diner, now);
      const inserted = await w.insertWithFreshRef(tx, {
        merchantId: merchant.id,
        zoneId: seating.zoneId,
        tableId: seating.tableId,
        joinedTableIds: [...seating.joinedTableIds],
        userId: guestId,
        token: randomToken(24),
        manageKey: randomToken(24),
        // Taken by the restaurant: confirmed at once (arrived for a walk-in).
        status: statusOfState(input.seated ? 'arrived' : 'confirmed'),
        startsAt: input.at,
        endsAt,
        localDate: localDateOf(input.at, merchant.timezone),
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
      return w.recorded(tx, 'restaurant_create', undefined, inserted, now);
    });
    return w.changed(booking);
  }

  return { restaurantAction, restaurantMark, setStaffNote, restaurantMove, restaurantCreate };
}
