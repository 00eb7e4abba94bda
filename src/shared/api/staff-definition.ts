/** The staff's own definition calls: read it at a revision, save it from that revision, its recorded changes. */
import type { z } from 'zod';
import type {
  staffDefinitionChangeSchema,
  staffDefinitionHistoryResponseSchema,
  staffDefinitionResponseSchema,
  staffDefinitionSavedResponseSchema,
  staffDefinitionSaveRequestSchema,
} from './staff-definition-schema.ts';

/** GET /api/pro/{slug}/definition. */
export type StaffDefinitionResponse = z.infer<typeof staffDefinitionResponseSchema>;
/** PUT /api/pro/{slug}/definition's body. */
export type StaffDefinitionSaveRequest = z.infer<typeof staffDefinitionSaveRequestSchema>;
/** PUT /api/pro/{slug}/definition. */
export type StaffDefinitionSavedResponse = z.infer<typeof staffDefinitionSavedResponseSchema>;
/** One recorded change of the definition. */
export type StaffDefinitionChange = z.infer<typeof staffDefinitionChangeSchema>;
/** GET /api/pro/{slug}/definition/history. */
export type StaffDefinitionHistoryResponse = z.infer<typeof staffDefinitionHistoryResponseSchema>;
