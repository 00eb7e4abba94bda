/** The guest profile's calls: what staff keep on a booking's diner at their restaurant, and their history there. */
import type { z } from 'zod';
import type { guestCountsSchema, staffGuestResponseSchema } from './staff-guest-schema.ts';
import type { GuestTags } from '../guest-profile.ts';

/** The diner's bookings here, by how they ended. */
export type GuestCounts = z.infer<typeof guestCountsSchema>;

/** GET and PUT /api/pro/{slug}/bookings/{token}/guest. */
export type StaffGuestResponse = z.infer<typeof staffGuestResponseSchema>;

/** PUT /api/pro/{slug}/bookings/{token}/guest: the tags, from the revision they were read at. */
export type StaffGuestSave = GuestTags & { revision: number };
