/** A merchant as booking_merchant/get and the booking answers carry it, as zod (the types are in merchant.ts). */
import { z } from 'zod';
import { apiImageSchema, success } from './common-schema.ts';

/** A merchant's postal address (country: ISO 3166-1 alpha-2, when the definition gives it). */
export const merchantAddressSchema = z.object({
  address: z.string(),
  address2: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string().optional(),
  region: z.string().optional(),
});

/** The booking settings the diner's pages need (bookingHorizonDays: days past merchant-local today it books for). */
export const merchantSettingsSchema = z.object({
  minClientsPerBookings: z.number(),
  maxClientsPerBookings: z.number(),
  keepTableDuration: z.number(),
  showZone: z.boolean(),
  bookingHorizonDays: z.number().optional(),
});

/** The merchant as booking_merchant/get, get and update_user return it (open: whether today and tomorrow still have a bookable time). */
export const merchantSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    timezone: z.string(),
    address: merchantAddressSchema,
    phone: z.string(),
    url: z.string(),
    description: z.string(),
    bookingDescription: z.string(),
    logo: apiImageSchema.nullable(),
    banner: apiImageSchema.nullable(),
    bookingEnabled: z.boolean(),
    open: z.object({ today: z.boolean(), tomorrow: z.boolean() }),
    settings: merchantSettingsSchema,
  })
  .meta({ id: 'Merchant' });

/** One service window of a weekday ('HH:MM', end is the last seating). */
export const shiftSlotSchema = z.object({ id: z.string(), start: z.string(), end: z.string() });

/** The service windows of one ISO weekday (1 Monday to 7 Sunday); no slot means closed. */
export const shiftSchema = z.object({ day: z.number(), slots: z.array(shiftSlotSchema) }).meta({ id: 'Shift' });

/** The merchant's colours. */
export const themeSchema = z.object({ primary: z.string(), background: z.string() }).meta({ id: 'Theme' });

/** A dining area; the special zone id 'all' means any area. */
export const zoneSchema = z.object({ id: z.string(), name: z.string(), image: apiImageSchema.nullable() });

/** booking_merchant/get (closes: coming closed days; opens: coming special openings; currentBookingToken: the signed-in diner's live booking here). */
export const bookingMerchantResponseSchema = success({
  merchant: merchantSchema,
  shifts: z.array(shiftSchema),
  closes: z.array(z.string()),
  opens: z.array(z.string()).optional(),
  zoneCount: z.number().int(),
  theme: themeSchema,
  currentBookingToken: z.string().nullable(),
});

/** booking_zones/get. */
export const bookingZonesResponseSchema = success({ bookingZones: z.array(zoneSchema) });

/** closed_booking_calendar. */
export const closedCalendarResponseSchema = success({ closed_days: z.array(z.string()) });
