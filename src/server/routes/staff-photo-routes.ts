/** Staff upload the restaurant's photos (logo, banner, zone images) as raw bytes; a definition saved with the answer uses them. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffPhotoBodySchema, staffPhotoQuerySchema, staffPhotoResponseSchema } from '../../shared/api/staff-photo-schema.ts';
import { MAX_PHOTO_BYTES, storePhoto } from '../services/photo-upload.ts';
import { replies } from './responses.ts';
import type { RequestStaff } from './request-staff.ts';
import { STAFF_SECURITY } from './staff-auth-routes.ts';
import { merchantSlug } from './schemas.ts';

/** The Content-Types a photo may be sent with; its real format is read from its bytes whatever the header says. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/octet-stream'];

/** What the photo route needs. */
export interface StaffPhotoRoutesDeps {
  requestStaff: RequestStaff;
  /** Folder served at /media: photos go under {mediaDir}/{slug}/. */
  mediaDir: string;
}

/** Registers POST /api/pro/:slug/photos in its own scope, so its raw-body parsers reach no other route. */
export async function staffPhotoRoutes(app: FastifyInstance, deps: StaffPhotoRoutesDeps): Promise<void> {
  // The merchant each request was allowed for, by its onRequest hook.
  const allowed = new WeakMap<FastifyRequest, string>();
  await app.register(async (scope) => {
    // Only the image types: JSON or a form here is 415, as any other type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(PHOTO_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/pro/:slug/photos',
      {
        // Fastify refuses a longer Content-Length before reading, and stops reading a chunked body past it.
        bodyLimit: MAX_PHOTO_BYTES,
        // Who may upload is known before the body is read: a stranger's upload is refused without reading a byte of it.
        onRequest: async (request) => {
          const { slug } = request.params as { slug: string };
          allowed.set(request, (await deps.requestStaff.withRight(request, slug, 'definition')).merchant.slug);
        },
        config: { statusCodes: { 413: 'image_too_large', 415: 'unsupported_image_format' } },
        schema: {
          tags: ['staff'],
          security: STAFF_SECURITY,
          summary: 'Stores a photo for the logo, the banner or a zone image; managers and owners',
          description:
            'The body is the image\u2019s bytes (at most 15 MB), sent as image/jpeg, image/png, image/webp, image/heic, image/heif or ' +
            'application/octet-stream: the format is read from the bytes, never from the header. JPEG, PNG, WebP and AVIF are ' +
            'read; HEVC-coded HEIC is 415 unsupported_image_format (send JPEG, PNG or WebP). The photo is turned upright by its ' +
            'EXIF orientation, stripped of its metadata (GPS included), and made in AVIF and WebP at the widths the page shows ' +
            'the kind at (logo and zone 96, 192, 288; banner 640, 1280, 1920; never enlarged) with a JPEG (PNG when it has ' +
            'transparency) fallback. The answer\u2019s `image` is what to put in the definition\u2019s logo, banner or ' +
            'zones[].image; the photo is the merchant\u2019s only once a definition naming it is saved. 413 image_too_large ' +
            'past 15 MB or 40 megapixels, 422 invalid_image for what is not an image.',
          consumes: PHOTO_CONTENT_TYPES,
          params: z.object({ slug: merchantSlug }),
          querystring: staffPhotoQuerySchema,
          body: staffPhotoBodySchema,
          response: replies(
            staffPhotoResponseSchema,
            'unauthenticated',
            'forbidden',
            'merchant_not_found',
            'invalid_image',
            'image_too_large',
            'unsupported_image_format',
          ),
        },
      },
      async (request) => {
        const slug = allowed.get(request) ?? (await deps.requestStaff.withRight(request, request.params.slug, 'definition')).merchant.slug;
        const bytes = request.body;
        const image = await storePhoto(deps.mediaDir, slug, request.query.kind, bytes);
        return { success: true as const, image };
      },
    );
  });
}
