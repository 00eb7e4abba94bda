/** The merchant as the browser reads it (spec section 3), built from what is stored. */
import { DEFAULT_BOOKING_HORIZON_DAYS, openTodayTomorrow, type Shift } from './availability.ts';
import { specialClosedDates, specialOpenDates, type SpecialDay } from './special-days.ts';
import { localDateOf } from '../../shared/local-time.ts';
import type { Lang } from '../../shared/langs.ts';
import { merchantTextIn, type MerchantText } from '../../shared/merchant-text.ts';
import type { Merchant, Shift as ShiftView, Theme, Zone } from '../../shared/api/merchant.ts';
import type { MerchantListing } from '../../shared/api/merchant-listing.ts';

/** What the views need of a stored merchant. */
export interface MerchantRecord {
  slug: string;
  name: string;
  timezone: string;
  address: { address: string; address2: string; zip: string; city: string };
  phone: string;
  url: string;
  description: MerchantText;
  bookingDescription: MerchantText;
  logoPath: string | null;
  bannerPath: string | null;
  themePrimary: string;
  themeBackground: string;
  bookingEnabled: boolean;
  settings: {
    minClientsPerBookings: number;
    maxClientsPerBookings: number;
    keepTableDuration: number;
    slotIntervalMinutes: number;
    minLeadMinutes: number;
    showZone: boolean;
    bookingHorizonDays?: number;
  };
  shifts: Shift[];
  closedDays: string[];
  /** Dates closed with a reason or opened with their own slots (absent: none). */
  specialDays?: readonly SpecialDay[];
  updatedAt: Date;
}

/** A zone as the browser reads it. */
export type ZoneView = Zone;

const image = (path: string | null) => (path ? { path } : null);

/** The merchant's shifts as the browser reads them: all seven ISO weekdays, slots with ids. */
export function shiftsView(shifts: Shift[]): ShiftView[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    slots: (shifts.find((shift) => shift.day === day)?.slots ?? []).map((slot, index) => ({
      id: `${day}-${index}`,
      start: slot.start,
      end: slot.end,
    })),
  }));
}

/** The settings a diner's browser needs: guest limits, how long the table is kept, whether zones show, how far ahead it may book. */
function publicSettings({ settings }: MerchantRecord) {
  return {
    minClientsPerBookings: settings.minClientsPerBookings,
    maxClientsPerBookings: settings.maxClientsPerBookings,
    keepTableDuration: settings.keepTableDuration,
    showZone: settings.showZone,
    bookingHorizonDays: settings.bookingHorizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS,
  };
}

/** The merchant's theme colours. */
export function themeView(merchant: MerchantRecord): Theme {
  return { primary: merchant.themePrimary, background: merchant.themeBackground };
}

/** The days a diner sees closed: the closed days and the special days closed with a reason, sorted, each once. */
export function closedDatesOf(merchant: Pick<MerchantRecord, 'closedDays' | 'specialDays'>): string[] {
  if (!merchant.specialDays?.length) return merchant.closedDays;
  return [...new Set([...merchant.closedDays, ...specialClosedDates(merchant.specialDays)])].sort();
}

/** Closed days from today (merchant-local) on. */
export function upcomingClosedDays(merchant: MerchantRecord, now: Date): string[] {
  const today = localDateOf(now, merchant.timezone);
  return closedDatesOf(merchant).filter((day) => day >= today);
}

/** Special openings from today (merchant-local) on. */
export function upcomingOpenDays(merchant: MerchantRecord, now: Date): string[] {
  const today = localDateOf(now, merchant.timezone);
  return specialOpenDates(merchant.specialDays).filter((day) => day >= today);
}

/** The merchant record of booking_merchant/get, with open today / tomorrow as of `now`; its texts in `lang`, else in the first language listed. */
export function merchantView(merchant: MerchantRecord, now: Date, lang?: Lang): Merchant {
  return {
    name: merchant.name,
    slug: merchant.slug,
    timezone: merchant.timezone,
    address: merchant.address,
    phone: merchant.phone,
    url: merchant.url,
    description: merchantTextIn(merchant.description, lang),
    bookingDescription: merchantTextIn(merchant.bookingDescription, lang),
    logo: image(merchant.logoPath),
    banner: image(merchant.bannerPath),
    bookingEnabled: merchant.bookingEnabled,
    open: openTodayTomorrow(now, merchant.timezone, merchant.shifts, merchant.closedDays, merchant.settings, merchant.specialDays),
    settings: publicSettings(merchant),
  };
}

/** One entry of the public merchant list the site build pulls: everything a static shell draws. */
export function merchantListingView(merchant: MerchantRecord, zones: Array<{ id: string; name: string; imagePath: string | null }>): MerchantListing {
  return {
    slug: merchant.slug,
    name: merchant.name,
    timezone: merchant.timezone,
    address: merchant.address,
    phone: merchant.phone,
    url: merchant.url,
    description: merchant.description,
    bookingDescription: merchant.bookingDescription,
    logo: image(merchant.logoPath),
    banner: image(merchant.bannerPath),
    theme: themeView(merchant),
    bookingEnabled: merchant.bookingEnabled,
    settings: publicSettings(merchant),
    shifts: shiftsView(merchant.shifts),
    closedDays: closedDatesOf(merchant),
    ...(merchant.specialDays?.some((day) => day.slots.length > 0) ? { openDays: specialOpenDates(merchant.specialDays) } : {}),
    zones: zones.map((zone): ZoneView => ({ id: zone.id, name: zone.name, image: image(zone.imagePath) })),
    updatedAt: merchant.updatedAt.toISOString(),
  };
}
