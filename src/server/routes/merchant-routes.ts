/** The public merchant list that the site build pulls. */
import { merchantListResponseSchema } from '../../shared/api/merchant-listing-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { closedDaysWith } from '../domain/closings.ts';
import { merchantListingView } from '../domain/merchant-view.ts';
import { closedDaysByMerchant } from '../db/closing-store.ts';
import type { Database } from '../db/database.ts';
import { listMerchants, listMerchantsBySlug, listZonesOf } from '../db/merchant-store.ts';
import { z } from 'zod';

// A site update asks for the few merchants that changed, a hundred at most at a time; a slug has no comma.
const slugList = z
  .string()
  .max(100 * 65)
  .regex(/^[a-z0-9-]+(?:,[a-z0-9-]+)*$/);

/** Registers GET /api/booking/merchants (?slugs=a,b: only those that exist). */
export async function merchantRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/booking/merchants',
    {
      schema: {
        tags: ['site'],
        summary: 'Every merchant with what its static page draws (slug and landing data)',
        description: 'With `slugs` (comma-separated), only the merchants with those slugs that exist: what a site update re-renders.',
        querystring: z.object({ slugs: slugList.optional() }),
        response: replies(merchantListResponseSchema),
      },
    },
    async (request) => {
      const { slugs } = request.query;
      const merchants = slugs === undefined ? await listMerchants(deps.db) : await listMerchantsBySlug(deps.db, slugs.split(','));
      const zones = await listZonesOf(
        deps.db,
        merchants.map((merchant) => merchant.id),
      );
      const zonesByMerchant = Map.groupBy(zones, (zone) => zone.merchantId);
      // Days staff closed whole are drawn closed on the static page, like the definition's.
      const closedByMerchant = await closedDaysByMerchant(
        deps.db,
        merchants.map((merchant) => merchant.id),
      );
      return {
        success: true as const,
        merchants: merchants.map((merchant) =>
          merchantListingView(
            { ...merchant, closedDays: closedDaysWith(merchant.closedDays, closedByMerchant.get(merchant.id) ?? []) },
            zonesByMerchant.get(merchant.id) ?? [],
          ),
        ),
      };
    },
  );
}
