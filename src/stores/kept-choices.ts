/**
 * The booking home's choices kept for the tab (session storage, per merchant) while a new booking is being chosen, so a
 * reload does not lose them; restored only while still valid (a day that can still be picked, a time still free).
 */
import type { MerchantSettings } from '../shared/api/merchant.ts';
import { isDaySelectable, type DayRules } from '../lib/calendar/calendar.ts';
import { readSession, writeSession } from '../lib/platform/storage.ts';
import { $bookingToken } from './booking.ts';
import { $selection, guestOptions, prefillSelection, setPendingSlot, type Selection } from './selection.ts';

const keyOf = (slug: string) => `choices_${slug}`;

/** Keeps the choices of `slug`'s new booking as they change; once a booking exists, it is what comes back instead. Returns the stop. */
export function keepChoices(slug: string): () => void {
  const write = (selection: Selection) => {
    const fresh = $bookingToken.get() === null && selection.date !== null;
    writeSession(keyOf(slug), fresh ? JSON.stringify(selection) : null);
  };
  const stopSelection = $selection.listen(write);
  const stopToken = $bookingToken.listen(() => write($selection.get()));
  return () => {
    stopSelection();
    stopToken();
  };
}

/**
 * Puts back the choices kept for `slug`: the day if it can still be picked, the party if still offered, the zone (the
 * day's zones drop it if gone), and the time only if it is still free once the day's times arrive. Returns whether a day came back.
 */
export function restoreChoices(slug: string, rules: DayRules, settings: Pick<MerchantSettings, 'minClientsPerBookings' | 'maxClientsPerBookings'>): boolean {
  let kept: Partial<Selection> | null;
  try {
    kept = JSON.parse(readSession(keyOf(slug)) ?? 'null') as Partial<Selection> | null;
  } catch {
    return false;
  }
  if (!kept || typeof kept.date !== 'string' || !isDaySelectable(kept.date, rules)) return false;
  const guests = typeof kept.guests === 'number' && guestOptions(settings).includes(kept.guests) ? kept.guests : null;
  const zoneId = guests !== null && typeof kept.zoneId === 'string' ? kept.zoneId : null;
  prefillSelection({ date: kept.date, guests, zoneId, slot: null });
  const timestamp = kept.slot && typeof kept.slot.timestamp === 'number' ? kept.slot.timestamp : null;
  if (zoneId !== null && timestamp !== null) setPendingSlot({ date: kept.date, atOrAfter: timestamp, exact: true });
  return true;
}
