/** $zones and $slots: what the chosen date (and guests and zone) offer, reloaded whenever those choices change. */
import { listenKeys, map, onMount } from 'nanostores';
import type { Slot, Zone } from '../lib/api-types.ts';
import { bookingApi, type BookingApi } from '../lib/booking-api.ts';
import { pickPresetSlot } from '../lib/presets.ts';
import { $merchantSlug } from './merchant.ts';
import { $pendingSlot, $selection, chooseSlot, keepZoneAmong, selectOnlyZone } from './selection.ts';

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

/** The zones on offer. */
export const $zones = map<ZonesState>({ loading: false, zones: [], error: null });
/** The times on offer. */
export const $slots = map<SlotsState>({ loading: false, slots: [], error: null });

// Answers can arrive out of order: only the latest request may write.
let zonesRequest = 0;
let slotsRequest = 0;

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
    const pending = $pendingSlot.get().target;
    if (pending && pending.date === date) {
      $pendingSlot.setKey('target', null);
      const slot = pickPresetSlot(slots, pending.atOrAfter);
      if (slot) chooseSlot(slot);
    }
  } catch (error) {
    if (request !== slotsRequest) return;
    const code = codeOf(error);
    $slots.set({ loading: false, slots: [], error: typeof code === 'string' ? code : 'network_error' });
  }
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
