/** The public merchant list that the site build pulls. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantListingView } from '../domain/merchant-view.ts';
import type { Database } from '../db/database.ts';
import { listMerchants, listZonesOf } from '../db/merchant-store.ts';

/** Registers GET /api/booking/merchants. */
export async function merchantRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/booking/merchants',
      { schema: { tags: ['site'], summary: 'Every merchant with what its static page draws (slug and landing data)' } },
      async () => {
        const merchants = await listMerchants(deps.db);
        const zones = await listZonesOf(
          deps.db,
          merchants.map((merchant) => merchant.id),
        );
        const zonesByMerchant = Map.groupBy(zones, (zone) => zone.merchantId);
        return {
          success: true,
          merchants: merchants.map((merchant) => merchantListingView(merchant, zonesByMerchant.get(merchant.id) ?? [])),
        };
      },
    );
}
