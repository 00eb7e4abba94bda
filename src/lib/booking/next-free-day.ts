/** The look ahead behind asap's "no table today" offer; loaded only when asap finds nothing on its day. */
import type { BookingApi } from '../api/booking-api.ts';
import type { Slot } from '../../shared/api/slots.ts';
import { addDaysToLocalDate, type LocalDate } from '../../shared/local-time.ts';
import { isDaySelectable, type DayRules } from '../calendar/calendar.ts';
import { pickPresetSlot } from './presets.ts';

/** How many days after today asap looks for a free time. */
export const LOOK_AHEAD_DAYS = 14;

/** Whose free time to look for: the merchant, the party, its zone (the server's 'all' for any) and the days that can be picked. */
export interface FreeDaySearch {
  slug: string;
  guests: number;
  zoneId: string;
  rules: DayRules | null;
}

/**
 * The first of the LOOK_AHEAD_DAYS after `today` that can be picked and has a free time for the party, with that time;
 * null when none has (a day the API refuses counts as none) or once `wanted` says the search was given up.
 */
export async function findNextFreeDay(
  today: LocalDate,
  search: FreeDaySearch,
  api: Pick<BookingApi, 'getBookingSlots'>,
  wanted: () => boolean,
): Promise<{ day: LocalDate; slot: Slot } | null> {
  for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS && wanted(); ahead += 1) {
    const day = addDaysToLocalDate(today, ahead);
    if (search.rules && !isDaySelectable(day, search.rules)) continue;
    let slots: Slot[] = [];
    try {
      ({ slots } = await api.getBookingSlots({ merchantSlug: search.slug, date: day, zoneId: search.zoneId, neededSeats: search.guests }));
    } catch {
      // Closed, beyond the booking horizon, or no answer: nothing offered that day.
    }
    const slot = pickPresetSlot(slots, 0);
    if (slot) return { day, slot };
  }
  return null;
}
