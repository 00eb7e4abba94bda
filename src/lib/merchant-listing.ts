/** An image the server copied into the site (path under /media) or an absolute https URL. */
export interface ListingImage {
  path: string;
}

/** A merchant's postal address as the booking page prints it. */
export interface ListingAddress {
  address: string;
  address2: string;
  zip: string;
  city: string;
}

/** One bookable service window of a weekday, local "HH:MM" times (end is the last seating). */
export interface ListingSlot {
  id: string;
  start: string;
  end: string;
}

/** The service windows of one ISO weekday (1 Monday to 7 Sunday); no slot means closed. */
export interface ListingShift {
  day: number;
  slots: ListingSlot[];
}

/** A dining area diners may choose. */
export interface ListingZone {
  id: string;
  name: string;
  image: ListingImage | null;
}

/** The merchant's colours (#rgb or #rrggbb). */
export interface ListingTheme {
  primary: string;
  background: string;
}

/** The booking settings the diner-facing pages need. */
export interface ListingSettings {
  minClientsPerBookings: number;
  maxClientsPerBookings: number;
  keepTableDuration: number;
  showZone: boolean;
  /** Days past merchant-local today the merchant takes bookings for (absent in listings built before it). */
  bookingHorizonDays?: number;
}

/** One merchant as GET /api/booking/merchants lists it: everything its static page shows. */
export interface MerchantListing {
  slug: string;
  name: string;
  timezone: string;
  address: ListingAddress;
  phone: string;
  url: string;
  description: string;
  bookingDescription: string;
  logo: ListingImage | null;
  banner: ListingImage | null;
  theme: ListingTheme;
  bookingEnabled: boolean;
  settings: ListingSettings;
  shifts: ListingShift[];
  closedDays: string[];
  zones: ListingZone[];
  updatedAt: string;
}

/** The body of GET /api/booking/merchants. */
export interface MerchantListResponse {
  success: true;
  merchants: MerchantListing[];
}
