import type { ListingSettings, ListingShift, ListingTheme, ListingZone, MerchantListing } from './merchant-listing.ts';

/** What the booking islands read from the page's #merchant-data element to draw at once. */
export interface MerchantData {
  slug: string;
  name: string;
  phone: string;
  timezone: string;
  bookingEnabled: boolean;
  shifts: ListingShift[];
  closedDays: string[];
  settings: ListingSettings;
  zones: ListingZone[];
  theme: ListingTheme;
}

/** The part of a merchant listing the booking islands need. */
export function merchantData(merchant: MerchantListing): MerchantData {
  const { slug, name, phone, timezone, bookingEnabled, shifts, closedDays, settings, zones, theme } = merchant;
  return { slug, name, phone, timezone, bookingEnabled, shifts, closedDays, settings, zones, theme };
}
