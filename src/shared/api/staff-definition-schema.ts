/** The answers of the staff's own definition calls under /api/pro/{slug}/definition, as zod (types in staff-definition.ts). */
import { z } from 'zod';
import { success } from './common-schema.ts';

const revision = z.number().int().min(0).describe('The definition revision: one more at every accepted change or import');

/** A merchant definition in the contract's shape (staff as `{ email, role }`, never a password or hash). */
export const merchantDefinitionDocumentSchema = z
  .record(z.string(), z.unknown())
  .describe('The merchant definition in the shape of the provider contract (shared/contract/README.md)');

/** PUT /api/pro/{slug}/definition: the definition and the revision it was read at. */
export const staffDefinitionSaveRequestSchema = z.object({
  definition: merchantDefinitionDocumentSchema,
  revision: revision.describe('The revision the definition was read at (GET); another one since answers 409 stale_revision'),
});

/** GET /api/pro/{slug}/definition. */
export const staffDefinitionResponseSchema = success({ definition: merchantDefinitionDocumentSchema, revision });

/** PUT /api/pro/{slug}/definition: the new revision. */
export const staffDefinitionSavedResponseSchema = success({ revision });

/** One recorded change of the definition: when, by whom, which top-level fields, before and after. */
export const staffDefinitionChangeSchema = z.object({
  at: z.string().describe('An instant, ISO 8601'),
  by: z.string().describe('The staff email that saved it, or `provider` for a provider\u2019s import'),
  revision,
  fields: z.array(z.string()).describe('The top-level fields it changed'),
  before: z.record(z.string(), z.unknown()).describe('Those fields before'),
  after: z.record(z.string(), z.unknown()).describe('Those fields after'),
});

/** GET /api/pro/{slug}/definition/history: the latest changes, newest first. */
export const staffDefinitionHistoryResponseSchema = success({ changes: z.array(staffDefinitionChangeSchema) });
