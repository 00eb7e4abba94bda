/** The browser's view of a booking: what its diner, a holder of its link, or the provider sees of it. */
import { canManageBooking, viewerClient, type BookingCaller } from '../domain/booking-access.ts';
import { toBookingView, type BookingView } from '../domain/booking-view.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';
import type { Lang } from '../../shared/langs.ts';
import type { BookingRow } from '../db/booking-store.ts';
import { findMerchantById, findMerchantWithFloor, findZoneById } from '../db/merchant-store.ts';
import type { SessionUser } from '../db/session-store.ts';
import { findUserById } from '../db/user-store.ts';
import type { BookingWriter } from './booking-write.ts';

/** Whether `caller` is a session's full row of the diner `userId` names. */
function isOwnRow(caller: BookingCaller | SessionUser | 'provider' | undefined, userId: string | null): caller is SessionUser {
  return typeof caller === 'object' && 'phone' in caller && userId !== null && caller.id === userId;
}

/** The diner's view of bookings. */
export function createDinerView(w: BookingWriter) {
  const { db, deps } = w;

  /**
   * The browser's view of a booking for `caller`: its owner's bearer may manage it and sees the diner's details; any
   * other holder of the token only views it, without contact details; the provider (admin API) sees everything.
   */
  async function view(
    booking: BookingRow,
    givenFloor: MerchantWithFloor | undefined,
    lang: Lang,
    caller: BookingCaller | SessionUser | 'provider' | undefined,
  ): Promise<BookingView & { canManage: boolean }> {
    const slug = w.slugOf(booking.merchantId);
    const floor = givenFloor ?? (slug ? await findMerchantWithFloor(db, slug) : undefined);
    const merchant = floor?.merchant ?? (await findMerchantById(db, booking.merchantId));
    if (!merchant) throw new Error('booking without merchant');
    const zone = floor?.zones.find((candidate) => candidate.id === booking.zoneId) ?? (await findZoneById(db, booking.zoneId));
    // The caller's own booking: their row as their session read it this request.
    const client = isOwnRow(caller, booking.userId) ? caller : booking.userId ? await findUserById(db, booking.userId) : undefined;
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

  return { view };
}
