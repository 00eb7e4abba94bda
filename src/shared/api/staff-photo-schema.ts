/** The answer of the staff's photo upload, POST /api/pro/{slug}/photos, as zod (type in staff-photo.ts). */
import { z } from 'zod';
import { PHOTO_KINDS } from '../photo-variants.ts';
import { success } from './common-schema.ts';

/** POST /api/pro/{slug}/photos: which image of the definition the photo is for. */
export const staffPhotoQuerySchema = z.object({
  kind: z.enum(PHOTO_KINDS).describe('logo, banner or zone: the widths the photo is made at'),
});

/** POST /api/pro/{slug}/photos: the body, the image's bytes as they were sent (parsed by the route as they are). */
export const staffPhotoBodySchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'the image\u2019s bytes')
  .meta({ type: 'string', format: 'binary', description: 'The image\u2019s bytes, at most 15 MB' });

/** POST /api/pro/{slug}/photos: the value to put in the definition's logo, banner or zones[].image. */
export const staffPhotoResponseSchema = success({
  image: z
    .string()
    .describe('The /media path of the stored photo: it becomes the merchant\u2019s once a definition naming it is saved (PUT /api/pro/{slug}/definition)'),
});
