/** The answer of the staff's photo upload (types only; the zod schema is staff-photo-schema.ts). */
import type { z } from 'zod';
import type { staffPhotoResponseSchema } from './staff-photo-schema.ts';

/** POST /api/pro/{slug}/photos. */
export type StaffPhotoResponse = z.infer<typeof staffPhotoResponseSchema>;
