/** $selection: date, guests, zone and time, with the unlock order and clearing rules of spec section 4. */
import { computed, map } from 'nanostores';
import type { MerchantSettings } from '../shared/api/merchant.ts';
import type { Slot } from '../shared/api/slots.ts';
import type { LocalDate } from '../shared/local-time.ts';
import { isDaySelectable, type DayRules } from '../lib/calendar/calendar.ts';
import { presetTarget, type BookingPresets, type PresetTarget } from '../lib/booking/presets.ts';

/** The four choosers' values. */
export interface Selection {
  date: LocalDate | null;
  guests: number | null;
  /** A zone id, or 'all'. */
  zoneId: string | null;
  slot: Slot | null;
}

/** Which choosers may be used: guests needs a date; zone needs date and guests; time needs the zone (and so all before it). */
export interface Unlocked {
  date: boolean;
  guests: boolean;
  zone: boolean;
  slot: boolean;
}

const EMPTY: Selection = { date: null, guests: null, zoneId: null, slot: null };

/** The diner's choices. */
export const $selection = map<Selection>({ ...EMPTY });

/** A time the address asked for (asap / when), picked once that day's slots arrive. */
export interface PendingSlot {
  target: PresetTarget | null;
  /** asap asked for it: when that day has nothing free, the next day with a free time is offered. */
  asap: boolean;
  /** The days that can be picked, for looking ahead (null: ask the API about every day). */
  rules: DayRules | null;
}

/** The time to pick once the day's slots arrive. */
export const $pendingSlot = map<PendingSlot>({ target: null, asap: false, rules: null });

/** The party a time preset books for when the address names none: two, within the merchant's limits. */
export const DEFAULT_PARTY = 2;

/** The default party within the merchant's guest limits. */
export function defaultParty(settings: Pick<MerchantSettings, 'minClientsPerBookings' | 'maxClientsPerBookings'>): number {
  const options = guestOptions(settings);
  return options.includes(DEFAULT_PARTY) ? DEFAULT_PARTY : (options[0] ?? DEFAULT_PARTY);
}

/** The unlock rules of section 4 as a pure function. */
export function unlockedOf(selection: Selection): Unlocked {
  const guests = selection.date !== null;
  const zone = guests && selection.guests !== null;
  return { date: true, guests, zone, slot: zone && selection.zoneId !== null };
}

/** Whether a booking can be made: date, guests, zone and time all set. */
export function canBook(selection: Selection): boolean {
  return selection.date !== null && selection.guests !== null && selection.zoneId !== null && selection.slot !== null;
}

/** Which choosers are unlocked. */
export const $unlocked = computed($selection, unlockedOf);

/** Whether Continue / Update may be pressed. */
export const $canBook = computed($selection, canBook);

/** The guest numbers offered: from the merchant's minimum to its maximum. */
export function guestOptions(settings: Pick<MerchantSettings, 'minClientsPerBookings' | 'maxClientsPerBookings'>): number[] {
  const min = Math.max(1, Math.floor(settings.minClientsPerBookings));
  const max = Math.max(min, Math.floor(settings.maxClientsPerBookings));
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** Picks the date; a different date clears the time (zones and slots reload on their own). */
export function chooseDate(date: LocalDate): void {
  if ($selection.get().date === date) return;
  $selection.set({ ...$selection.get(), date, slot: null });
}

/** Picks the number of guests (needs a date); a different number clears the time. Returns whether it was taken. */
export function chooseGuests(guests: number): boolean {
  const current = $selection.get();
  if (!unlockedOf(current).guests || !Number.isInteger(guests) || guests < 1) return false;
  if (current.guests !== guests) $selection.set({ ...current, guests, slot: null });
  return true;
}

/** Picks the zone (needs date and guests); a different zone clears the time. Returns whether it was taken. */
export function chooseZone(zoneId: string): boolean {
  const current = $selection.get();
  if (!unlockedOf(current).zone) return false;
  if (current.zoneId !== zoneId) $selection.set({ ...current, zoneId, slot: null });
  return true;
}

/** Picks the time (needs the zone, and the slot must be available). Returns whether it was taken. */
export function chooseSlot(slot: Slot): boolean {
  const current = $selection.get();
  if (!unlockedOf(current).slot || !slot.available) return false;
  $selection.setKey('slot', slot);
  return true;
}

/** Sets the zone without the unlock check: the only zone of a day is selected for the diner. */
export function selectOnlyZone(zoneId: string): void {
  const current = $selection.get();
  if (current.zoneId !== zoneId) $selection.set({ ...current, zoneId, slot: null });
}

/** Clears the zone (and time) when the day's zones no longer include it ('all' always stays). */
export function keepZoneAmong(zoneIds: readonly string[]): void {
  const current = $selection.get();
  if (current.zoneId === null || current.zoneId === 'all' || zoneIds.includes(current.zoneId)) return;
  $selection.set({ ...current, zoneId: null, slot: null });
}

/** Fills the choosers at once (an existing booking, or the address's presets), bypassing the clearing rules. */
export function prefillSelection(values: Partial<Selection>): void {
  $selection.set({ ...$selection.get(), ...values });
}

/** Remembers the time a preset asks for; it is picked when that day's slots arrive. */
export function setPendingSlot(target: PresetTarget | null, asap = false, rules: DayRules | null = null): void {
  $pendingSlot.set({ target, asap: target !== null && asap, rules: target === null ? null : rules });
}

/** What applying the address's presets needs to know. */
export interface PresetContext {
  /** The server's time, milliseconds. */
  nowMs: number;
  timezone: string;
  rules: DayRules;
  settings: Pick<MerchantSettings, 'minClientsPerBookings' | 'maxClientsPerBookings'>;
}

/** What applyPresets did with the day: none asked, taken, or asked but not bookable (closed, past, beyond the horizon). */
export type PresetDay = 'none' | 'taken' | 'closed';

/**
 * Applies seats, asap and when (section 4): the day if it can be booked, guests if offered, and the time to pick once
 * slots arrive. A time preset without seats books for the default party, so that its time can be picked at all.
 */
export function applyPresets(presets: Pick<BookingPresets, 'seats' | 'asap' | 'when'>, context: PresetContext): PresetDay {
  const values: Partial<Selection> = {};
  if (presets.seats !== null && guestOptions(context.settings).includes(presets.seats)) values.guests = presets.seats;
  const target = presetTarget(presets, context.nowMs, context.timezone);
  const taken = target !== null && isDaySelectable(target.date, context.rules);
  if (taken) {
    values.date = target.date;
    values.slot = null;
    values.guests ??= $selection.get().guests ?? defaultParty(context.settings);
    setPendingSlot(target, presets.asap, context.rules);
  }
  if (Object.keys(values).length > 0) prefillSelection(values);
  return target === null ? 'none' : taken ? 'taken' : 'closed';
}

/** Empties every chooser. */
export function resetSelection(): void {
  $selection.set({ ...EMPTY });
  setPendingSlot(null);
}
