/** The bookable times of a day, booking_slots/get, as zod (the types are in slots.ts). */
import { z } from 'zod';
import { success } from './common-schema.ts';

/** One bookable time of a day (timestamp: unix seconds). */
export const slotSchema = z.object({ timestamp: z.number().int(), hour: z.string(), available: z.boolean() });

/** booking_slots/get. */
export const bookingSlotsResponseSchema = success({ slots: z.array(slotSchema) });
