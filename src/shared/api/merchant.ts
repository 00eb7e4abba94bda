/** A merchant as booking_merchant/get and the booking answers carry it: address, settings, shifts, theme, zones. */
import type { ApiImage, ApiSuccess } from './common.ts';
import type { LocalDate, LocalTime } from '../local-time.ts';

/** A merchant's postal address. */
export interface MerchantAddress {
  address: string;
  address2: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2, when the definition gives it (else the phone's country: src/shared/merchant-country.ts). */
  country?: string;
  region?: string;
}

/** The booking settings the diner's pages need. */
export interface MerchantSettings {
  minClientsPerBookings: number;
  maxClientsPerBookings: number;
  keepTableDuration: number;
  showZone: boolean;
  /** Days past merchant-local today the merchant takes bookings for. */
  bookingHorizonDays?: number;
}

/** The merchant as booking_merchant/get, get and update_user return it. */
export interface Merchant {
  name: string;
  slug: string;
  timezone: string;
  address: MerchantAddress;
  phone: string;
  url: string;
  description: string;
  bookingDescription: string;
  logo: ApiImage | null;
  banner: ApiImage | null;
  bookingEnabled: boolean;
  /** Whether today and tomorrow (merchant-local) still have a bookable time. */
  open: { today: boolean; tomorrow: boolean };
  settings: MerchantSettings;
}

/** One service window of a weekday ('HH:MM', end is the last seating). */
export interface ShiftSlot {
  id: string;
  start: LocalTime;
  end: LocalTime;
}

/** The service windows of one ISO weekday (1 Monday to 7 Sunday); no slot means closed. */
export interface Shift {
  day: number;
  slots: ShiftSlot[];
}

/** The merchant's colours. */
export interface Theme {
  primary: string;
  background: string;
}

/** A dining area; the special zone id 'all' means any area. */
export interface Zone {
  id: string;
  name: string;
  image: ApiImage | null;
}

/** booking_merchant/get. */
export interface BookingMerchantResponse extends ApiSuccess {
  merchant: Merchant;
  shifts: Shift[];
  /** Coming closed days. */
  closes: LocalDate[];
  zoneCount: number;
  theme: Theme;
  /** The signed-in diner's live booking at this merchant, if any. */
  currentBookingToken: string | null;
}

/** booking_zones/get. */
export interface BookingZonesResponse extends ApiSuccess {
  bookingZones: Zone[];
}

/** closed_booking_calendar. */
export interface ClosedCalendarResponse extends ApiSuccess {
  closed_days: LocalDate[];
}
