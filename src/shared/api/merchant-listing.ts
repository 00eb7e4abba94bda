/** The merchant listing, GET /api/booking/merchants: what the server lists and the site build renders. */
import type { ApiImage } from './common.ts';
import type { MerchantText } from '../merchant-text.ts';
import type { MerchantAddress, MerchantSettings, Shift, ShiftSlot, Theme, Zone } from './merchant.ts';

/** An image the server copied into the site (path under /media) or an absolute https URL. */
export type ListingImage = ApiImage;
/** A merchant's postal address as the booking page prints it. */
export type ListingAddress = MerchantAddress;
/** One bookable service window of a weekday, local "HH:MM" times (end is the last seating). */
export type ListingSlot = ShiftSlot;
/** The service windows of one ISO weekday (1 Monday to 7 Sunday); no slot means closed. */
export type ListingShift = Shift;
/** A dining area diners may choose. */
export type ListingZone = Zone;
/** The merchant's colours (#rgb or #rrggbb). */
export type ListingTheme = Theme;
/** The booking settings the diner-facing pages need (bookingHorizonDays is absent in listings built before it). */
export type ListingSettings = MerchantSettings;

/** One merchant as GET /api/booking/merchants lists it: everything its static page shows. */
export interface MerchantListing {
  slug: string;
  name: string;
  timezone: string;
  address: ListingAddress;
  phone: string;
  url: string;
  description: MerchantText;
  bookingDescription: MerchantText;
  logo: ListingImage | null;
  banner: ListingImage | null;
  theme: ListingTheme;
  bookingEnabled: boolean;
  settings: ListingSettings;
  shifts: ListingShift[];
  closedDays: string[];
  /** Special openings (a Couvert extension): dates open with their own hours, whatever their weekday. */
  openDays?: string[];
  zones: ListingZone[];
  updatedAt: string;
}

/** The body of GET /api/booking/merchants. */
export interface MerchantListResponse {
  success: true;
  merchants: MerchantListing[];
}
