/** The settings' calls: the definition at a revision, its save, its recorded changes and image upload, each with the staff bearer. */
import { apiRequest } from './api-client.ts';
import type { StaffDefinitionHistoryResponse, StaffDefinitionResponse, StaffDefinitionSavedResponse } from '../../shared/api/staff-definition.ts';
import { getStaffBearer } from '../staff/staff-storage.ts';

const at = (slug: string, tail = '') => `/api/pro/${encodeURIComponent(slug)}/definition${tail}`;
const staff = () => ({ bearer: getStaffBearer() });

/** The kinds of image a restaurant uploads. */
export type PhotoKind = 'logo' | 'banner' | 'zone';

/** The settings' calls; the store takes it as a parameter so tests may pass another. */
export const settingsApi = {
  /** GET /api/pro/{slug}/definition. */
  read: (slug: string) => apiRequest<StaffDefinitionResponse>(at(slug), { ...staff(), method: 'GET' }),
  /** PUT /api/pro/{slug}/definition from the revision it was read at (409 stale_revision when another save came between). */
  save: (slug: string, definition: Record<string, unknown>, revision: number) =>
    apiRequest<StaffDefinitionSavedResponse>(at(slug), { ...staff(), method: 'PUT', json: { definition, revision } }),
  /** GET /api/pro/{slug}/definition/history: the latest changes, newest first. */
  history: (slug: string) => apiRequest<StaffDefinitionHistoryResponse>(at(slug, '/history'), { ...staff(), method: 'GET' }),
  /** POST /api/pro/{slug}/photos?kind=: the image's bytes as they are; answers the image's address for the definition. */
  photo: (slug: string, kind: PhotoKind, file: Blob) =>
    apiRequest<{ success: true; image: string }>(`/api/pro/${encodeURIComponent(slug)}/photos?kind=${kind}`, { ...staff(), method: 'POST', raw: file }),
};

/** The settings' calls' type. */
export type SettingsApi = typeof settingsApi;
