/** The bookable times of a day, booking_slots/get. */
import type { z } from 'zod';
import type { bookingSlotsResponseSchema, slotSchema } from './slots-schema.ts';

/** One bookable time of a day. */
export type Slot = z.infer<typeof slotSchema>;

/** booking_slots/get. */
export type BookingSlotsResponse = z.infer<typeof bookingSlotsResponseSchema>;
