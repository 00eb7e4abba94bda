/**
 * The guest profile in the book: what staff keep on a booking's diner at their restaurant (tags, allergies, seating,
 * a note) and the diner's history there. Every role of the book reads and edits it; no diner call ever answers it.
 */
import { staffGuestResponseSchema } from '../../shared/api/staff-guest-schema.ts';
import { ALLERGENS, MAX_GUEST_NOTE_LENGTH, MAX_SEATING_LENGTH } from '../../shared/guest-profile.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { readGuest, saveGuest, type GuestProfileRead } from '../db/guest-store.ts';
import { STAFF_SECURITY } from './staff-auth-routes.ts';
import type { RequestStaff } from './request-staff.ts';
import { bookingToken, freeText, merchantSlug } from './schemas.ts';

/** The answer of both calls. */
function guestAnswer(read: GuestProfileRead) {
  return {
    success: true as const,
    guest: {
      identity: read.identity,
      tags: read.tags,
      revision: read.revision,
      updated_at: read.updatedAt?.toISOString() ?? null,
      updated_by: read.updatedBy,
      counts: read.counts,
    },
  };
}

/** Registers GET and PUT /api/pro/:slug/bookings/:token/guest. */
export async function staffGuestRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; requestStaff: RequestStaff; onSaved: (merchantId: string) => void },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const params = z.object({ slug: merchantSlug, token: bookingToken });
  const rule =
    'The diner is their account when they have one, else their phone, else their email (guests are one row per booking), ' +
    'else this booking alone. Staff only: no diner answer or message carries any of it.';

  api.get(
    '/api/pro/:slug/bookings/:token/guest',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'The booking\u2019s diner as this restaurant knows them: tags, allergies, seating, note, and their bookings here by outcome',
        description: rule,
        params,
        response: replies(staffGuestResponseSchema, 'unauthenticated', 'forbidden', 'merchant_not_found', 'booking_not_found'),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.withRight(request, request.params.slug, 'book');
      return guestAnswer(await readGuest(deps.db, merchant.id, request.params.token));
    },
  );

  api.put(
    '/api/pro/:slug/bookings/:token/guest',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Saves what the restaurant keeps on the booking\u2019s diner (it follows them to their other bookings here)',
        description: `${rule} Send the \`revision\` read: another save since answers 409 stale_revision and writes nothing.`,
        params,
        body: z.object({
          vip: z.boolean(),
          regular: z.boolean(),
          seating: freeText(MAX_SEATING_LENGTH),
          allergens: z.array(z.enum(ALLERGENS)).max(ALLERGENS.length),
          note: freeText(MAX_GUEST_NOTE_LENGTH),
          revision: z.number().int().min(0).describe('The revision read (0 when nothing was kept yet)'),
        }),
        response: replies(staffGuestResponseSchema, 'unauthenticated', 'forbidden', 'merchant_not_found', 'booking_not_found', 'stale_revision'),
      },
    },
    async (request) => {
      const { session, merchant } = await deps.requestStaff.withRight(request, request.params.slug, 'book');
      const { revision, ...tags } = request.body;
      const saved = await saveGuest(deps.db, merchant.id, request.params.token, { tags, revision, by: session.email, now: deps.now() });
      deps.onSaved(merchant.id);
      return guestAnswer(saved);
    },
  );
}
