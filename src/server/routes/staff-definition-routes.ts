/** The restaurant edits its own definition: read it, save it from the revision read, and the record of its changes. */
import { errorEnvelopeSchema } from '../../shared/api/common-schema.ts';
import {
  staffDefinitionHistoryResponseSchema,
  staffDefinitionResponseSchema,
  staffDefinitionSavedResponseSchema,
  staffDefinitionSaveRequestSchema,
} from '../../shared/api/staff-definition-schema.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changesAvailability } from '../domain/definition-changes.ts';
import { definitionHistory, readDefinition, saveDefinition } from '../services/merchant-definition-edit.ts';
import type { Database } from '../db/database.ts';
import { replies } from './responses.ts';
import type { RequestStaff } from './request-staff.ts';
import { STAFF_SECURITY } from './staff-auth-routes.ts';
import { merchantSlug } from './schemas.ts';

/** What the definition routes need. */
export interface StaffDefinitionRoutesDeps {
  db: Database;
  now: () => Date;
  requestStaff: RequestStaff;
  /** Folder served at /media: a definition may name the merchant's own images there. */
  mediaDir: string;
  /** Told after a change is saved (the site rebuilds, as after an import). */
  onMerchantChange: (slug: string) => void;
  /** Told after a saved change of what diners may book (hours, closed or special days, rules): open pages reload. */
  onAvailabilityChange?: (slug: string) => Promise<void>;
  /** Ends the live sockets of revoked staff sessions and removed staff rows. */
  revokeStaff?: (revocation: { sessionIds: string[]; staffIds: string[] }) => Promise<void>;
  /** Looks for due jobs now: a save that adds staff without a password wrote their invitations. */
  wakeJobs?: () => void;
}

/** Registers GET and PUT /api/pro/:slug/definition and GET /api/pro/:slug/definition/history. */
export async function staffDefinitionRoutes(app: FastifyInstance, deps: StaffDefinitionRoutesDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const params = z.object({ slug: merchantSlug });

  api.get(
    '/api/pro/:slug/definition',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'The merchant\u2019s definition (staff without passwords) and the revision it was read at; managers and owners',
        params,
        response: replies(staffDefinitionResponseSchema, 'unauthenticated', 'forbidden', 'merchant_not_found'),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.withRight(request, request.params.slug, 'definition');
      const { definition, revision } = await readDefinition(deps.db, merchant.slug);
      return { success: true as const, definition, revision };
    },
  );

  api.put(
    '/api/pro/:slug/definition',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Replaces the merchant\u2019s definition from the revision read; managers and owners (only an owner changes the staff)',
        description:
          'The import\u2019s rules: 422 validation_error names each wrong field by its path (`issues`, `errors`). 409 ' +
          'stale_revision when the definition changed since `revision` (nothing written). 403 forbidden for a host, and for a ' +
          'manager whose definition adds, removes or changes staff (a role or a password). A listed staff member without a ' +
          'password keeps theirs (and, without a role, their role); a new one without a password is mailed a link to choose ' +
          'theirs. 422 last_owner when no owner would remain, 422 self_removal when an owner leaves themselves out. The slug ' +
          'never changes this way (another slug is 422). The public page is rebuilt; the change is recorded (who, when, which fields). A ' +
          'change of hours, closed or special days, booking rules, zones or time zone publishes UpdateAvailability (action ' +
          'definition) on availability.{slug}, so open booking pages read their times again.',
        params,
        body: staffDefinitionSaveRequestSchema,
        response: {
          ...replies(staffDefinitionSavedResponseSchema, 'unauthenticated', 'forbidden', 'merchant_not_found', 'stale_revision'),
          422: errorEnvelopeSchema.describe(
            'error_code: validation_error (the definition: each wrong field by its path in `issues` and `errors`), last_owner, self_removal',
          ),
        },
      },
    },
    async (request) => {
      const { session, merchant } = await deps.requestStaff.withRight(request, request.params.slug, 'definition');
      const editor = { slug: merchant.slug, staffId: merchant.staffId, email: session.email, role: merchant.role };
      const saved = await saveDefinition(deps.db, editor, request.body.definition, request.body.revision, { mediaDir: deps.mediaDir, now: deps.now() });
      // A staff member removed or given a new password is signed out of their open book at once, as after an import.
      await deps.revokeStaff?.(saved.revocation);
      deps.onMerchantChange(merchant.slug);
      if (saved.invited > 0) deps.wakeJobs?.();
      if (changesAvailability(saved.fields)) await deps.onAvailabilityChange?.(merchant.slug);
      return { success: true as const, revision: saved.revision };
    },
  );

  api.get(
    '/api/pro/:slug/definition/history',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'The latest recorded changes of the definition, by staff or the provider\u2019s imports, newest first; managers and owners',
        params,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: replies(staffDefinitionHistoryResponseSchema, 'unauthenticated', 'forbidden', 'merchant_not_found'),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.withRight(request, request.params.slug, 'definition');
      return { success: true as const, changes: await definitionHistory(deps.db, merchant.id, request.query.limit) };
    },
  );
}
