/** A merchant as booking_merchant/get and the booking answers carry it: address, settings, shifts, theme, zones. */
import type { z } from 'zod';
import type {
  bookingMerchantResponseSchema,
  bookingZonesResponseSchema,
  closedCalendarResponseSchema,
  merchantAddressSchema,
  merchantSchema,
  merchantSettingsSchema,
  shiftSchema,
  shiftSlotSchema,
  themeSchema,
  zoneSchema,
} from './merchant-schema.ts';

/** A merchant's postal address. */
export type MerchantAddress = z.infer<typeof merchantAddressSchema>;

/** The booking settings the diner's pages need. */
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

/** The merchant as booking_merchant/get, get and update_user return it. */
export type Merchant = z.infer<typeof merchantSchema>;

/** One service window of a weekday ('HH:MM', end is the last seating). */
export type ShiftSlot = z.infer<typeof shiftSlotSchema>;

/** The service windows of one ISO weekday (1 Monday to 7 Sunday); no slot means closed. */
export type Shift = z.infer<typeof shiftSchema>;

/** The merchant's colours. */
export type Theme = z.infer<typeof themeSchema>;

/** A dining area; the special zone id 'all' means any area. */
export type Zone = z.infer<typeof zoneSchema>;

/** booking_merchant/get. */
export type BookingMerchantResponse = z.infer<typeof bookingMerchantResponseSchema>;

/** booking_zones/get. */
export type BookingZonesResponse = z.infer<typeof bookingZonesResponseSchema>;

/** closed_booking_calendar. */
export type ClosedCalendarResponse = z.infer<typeof closedCalendarResponseSchema>;
