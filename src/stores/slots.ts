/** $zones and $slots: what the chosen date (and guests and zone) offer, reloaded whenever those choices change. */
import { listenKeys, map, onMount } from 'nanostores';
import type { Zone } from '../shared/api/merchant.ts';
import type { Slot } from '../shared/api/slots.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import type { LocalDate } from '../shared/local-time.ts';
import type { DayRules } from '../lib/calendar/calendar.ts';
import { pickPresetSlot } from '../lib/booking/presets.ts';
import { $merchantSlug } from './merchant.ts';
import { $pendingSlot, $selection, chooseDate, chooseSlot, keepZoneAmong, prefillSelection, selectOnlyZone, setPendingSlot } from './selection.ts';

/** The zones of the chosen date. */
export interface ZonesState {
  loading: boolean;
  zones: Zone[];
  /** The error_code of the last failed load. */
  error: string | null;
}

/** The times of the chosen date, guests and zone. */
export interface SlotsState {
  loading: boolean;
  slots: Slot[];
  error: string | null;
}

/**
 * asap found nothing free today (closed, or its times all past or taken): 'searching' the next days, then 'found' with
 * the first later day that has a free time and that time, or 'nothing' within the days it looks at (next-free-day.ts).
 */
export interface NoTableTodayState {
  status: 'idle' | 'searching' | 'found' | 'nothing';
  day: LocalDate | null;
  slot: Slot | null;
  /** The party looked for (given to the choosers when the offer is taken). */
  guests: number | null;
}

/** What asap says when today has no table left. */
export const $noTableToday = map<NoTableTodayState>({ status: 'idle', day: null, slot: null, guests: null });

/** The zones on offer. */
export const $zones = map<ZonesState>({ loading: false, zones: [], error: null });
/** The times on offer. */
export const $slots = map<SlotsState>({ loading: false, slots: [], error: null });

// Answers can arrive out of order: only the latest request may write.
let zonesRequest = 0;
let slotsRequest = 0;
let searchRequest = 0;

// The zone id that means any area (the server's 'all').
const ANY_ZONE = 'all';

const codeOf = (error: unknown) => (error as { code?: unknown })?.code;

/** Loads the zones of the chosen date; a single zone is selected for the diner. */
export async function loadZones(api: Pick<BookingApi, 'getBookingZones'> = bookingApi): Promise<void> {
  const request = ++zonesRequest;
  const slug = $merchantSlug.get();
  const { date } = $selection.get();
  if (!slug || !date) {
    $zones.set({ loading: false, zones: [], error: null });
    return;
  }
  $zones.set({ ...$zones.get(), loading: true, error: null });
  try {
    const { bookingZones } = await api.getBookingZones(slug, date);
    if (request !== zonesRequest) return;
    $zones.set({ loading: false, zones: bookingZones, error: null });
    const [only] = bookingZones;
    if (bookingZones.length === 1 && only) selectOnlyZone(only.id);
    else keepZoneAmong(bookingZones.map((zone) => zone.id));
    // A preset's time needs a zone: any area, unless the diner chose one.
    const pending = $pendingSlot.get().target;
    if (bookingZones.length > 1 && pending?.date === date && $selection.get().zoneId === null) selectOnlyZone(ANY_ZONE);
  } catch (error) {
    if (request !== zonesRequest) return;
    const code = codeOf(error);
    $zones.set({ loading: false, zones: [], error: typeof code === 'string' ? code : 'network_error' });
  }
}

/** Loads the times of the chosen date, guests and zone (none until all three are chosen); picks a pending preset time. */
export async function loadSlots(api: Pick<BookingApi, 'getBookingSlots'> = bookingApi): Promise<void> {
  const request = ++slotsRequest;
  const slug = $merchantSlug.get();
  const { date, guests, zoneId } = $selection.get();
  if (!slug || !date || guests === null || zoneId === null) {
    $slots.set({ loading: false, slots: [], error: null });
    return;
  }
  $slots.set({ ...$slots.get(), loading: true, error: null });
  try {
    const { slots } = await api.getBookingSlots({ merchantSlug: slug, date, zoneId, neededSeats: guests });
    if (request !== slotsRequest) return;
    $slots.set({ loading: false, slots, error: null });
    const { target: pending, asap, rules } = $pendingSlot.get();
    if (pending && pending.date === date) {
      setPendingSlot(null);
      const slot = pending.exact
        ? slots.find((candidate) => candidate.available && candidate.timestamp === pending.atOrAfter)
        : pickPresetSlot(slots, pending.atOrAfter);
      if (slot) chooseSlot(slot);
      else if (asap) void offerNextFreeDay(date, { guests, zoneId, rules }, api);
    }
  } catch (error) {
    if (request !== slotsRequest) return;
    const code = codeOf(error);
    $slots.set({ loading: false, slots: [], error: typeof code === 'string' ? code : 'network_error' });
  }
}

/** What looking for the next free day needs: the party, its zone ('all' when none) and the days that can be picked. */
export interface NextFreeDayQuery {
  guests: number;
  zoneId: string | null;
  rules: DayRules | null;
}

/**
 * asap found nothing free on `today`: says so ($noTableToday) at once and looks ahead for the next day with a free time
 * for the party (lib/booking/next-free-day.ts, loaded only then).
 */
export async function offerNextFreeDay(today: LocalDate, query: NextFreeDayQuery, api: Pick<BookingApi, 'getBookingSlots'> = bookingApi): Promise<void> {
  const request = ++searchRequest;
  const slug = $merchantSlug.get();
  $noTableToday.set({ status: 'searching', day: null, slot: null, guests: query.guests });
  if (!slug) return;
  const current = () => request === searchRequest;
  const { findNextFreeDay } = await import('../lib/booking/next-free-day.ts');
  const found = await findNextFreeDay(today, { slug, guests: query.guests, zoneId: query.zoneId ?? ANY_ZONE, rules: query.rules }, api, current);
  if (!current()) return;
  $noTableToday.set(found ? { status: 'found', ...found, guests: query.guests } : { status: 'nothing', day: null, slot: null, guests: query.guests });
}

/** One tap on the offer: that day, the same party and zone, and its first free time once its slots arrive. */
export function takeNextFreeDay(): void {
  const { status, day, slot, guests } = $noTableToday.get();
  if (status !== 'found' || !day || !slot) return;
  forgetNoTableToday();
  if ($selection.get().guests === null && guests !== null) prefillSelection({ guests });
  setPendingSlot({ date: day, atOrAfter: slot.timestamp });
  chooseDate(day);
}

/** Forgets the no-table notice (the diner picked a day themself, or took the offer). */
export function forgetNoTableToday(): void {
  searchRequest += 1;
  if ($noTableToday.get().status !== 'idle') $noTableToday.set({ status: 'idle', day: null, slot: null, guests: null });
}

// While an island shows the zones, a new date reloads them.
onMount($zones, () => {
  if ($selection.get().date) void loadZones();
  const stopDate = listenKeys($selection, ['date'], () => void loadZones());
  const stopSlug = $merchantSlug.listen(() => void loadZones());
  return () => {
    stopDate();
    stopSlug();
  };
});

// While an island shows the times, a new date, guest count or zone reloads them.
onMount($slots, () => {
  void loadSlots();
  const stopSelection = listenKeys($selection, ['date', 'guests', 'zoneId'], () => void loadSlots());
  const stopSlug = $merchantSlug.listen(() => void loadSlots());
  return () => {
    stopSelection();
    stopSlug();
  };
});
