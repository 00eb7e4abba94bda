import { displayMerchantPhone, merchantUses12h } from '../../shared/phone-display.ts';
import type { ListingSettings, ListingShift, ListingTheme, ListingZone, MerchantListing } from '../../shared/api/merchant-listing.ts';

/** What the booking islands read from the page's #merchant-data element to draw at once. */
export interface MerchantData {
  slug: string;
  name: string;
  phone: string;
  /** The phone as the merchant's country writes it, formatted at build time (the booking home loads no phone metadata). */
  phoneDisplay?: string;
  /** The merchant's country writes 12-hour times (the islands' times follow; see src/shared/hour-cycle.ts). */
  hour12?: boolean;
  timezone: string;
  bookingEnabled: boolean;
  shifts: ListingShift[];
  closedDays: string[];
  /** Special openings: dates open with their own hours, whatever their weekday. */
  openDays?: string[];
  settings: ListingSettings;
  zones: ListingZone[];
  theme: ListingTheme;
}

/** The part of a merchant listing the booking islands need. */
export function merchantData(merchant: MerchantListing): MerchantData {
  const { slug, name, phone, timezone, bookingEnabled, shifts, closedDays, openDays, settings, zones, theme } = merchant;
  return {
    slug,
    name,
    phone,
    phoneDisplay: displayMerchantPhone(phone),
    hour12: merchantUses12h(merchant),
    timezone,
    bookingEnabled,
    shifts,
    closedDays,
    ...(openDays?.length ? { openDays } : {}),
    settings,
    zones,
    theme,
  };
}
