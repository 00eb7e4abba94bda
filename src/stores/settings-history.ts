/**
 * $settingsHistory: the restaurant's recorded definition changes as the settings' history shows them, newest first;
 * and $settingsStaffEmail: who is signed in (the team section never lets them remove themselves).
 */
import { atom, map } from 'nanostores';
import { readApiAnswer, sendApiRequest } from '../lib/api/api-client.ts';
import { staffApi, type StaffApi } from '../lib/api/staff-api.ts';
import { getStaffBearer } from '../lib/staff/staff-storage.ts';
import type { StaffDefinitionChange, StaffDefinitionHistoryResponse } from '../shared/api/staff-definition.ts';
import { staffFailure } from './staff-session.ts';

/** The history as the section shows it. */
export interface SettingsHistoryState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  changes: StaffDefinitionChange[];
  /** The failure's code when it failed. */
  code?: string;
}

/** The history of the restaurant being edited. */
export const $settingsHistory = map<SettingsHistoryState>({ status: 'idle', changes: [] });

/** The signed-in staff member's email, once known. */
export const $settingsStaffEmail = atom<string | null>(null);

/** GET /api/pro/{slug}/definition/history, with the staff bearer. */
async function fetchHistory(slug: string): Promise<StaffDefinitionChange[]> {
  const sent = sendApiRequest(`/api/pro/${encodeURIComponent(slug)}/definition/history`, { bearer: getStaffBearer() });
  return (await readApiAnswer<StaffDefinitionHistoryResponse>(sent)).changes;
}

/** Loads (again) the restaurant's latest recorded changes. */
export async function loadSettingsHistory(slug: string, fetch: (slug: string) => Promise<StaffDefinitionChange[]> = fetchHistory): Promise<void> {
  $settingsHistory.setKey('status', 'loading');
  try {
    $settingsHistory.set({ status: 'ready', changes: await fetch(slug) });
  } catch (error) {
    $settingsHistory.set({ status: 'failed', changes: $settingsHistory.get().changes, code: staffFailure(error).code });
  }
}

/** Learns who is signed in (GET /api/pro/me), once. */
export async function loadSettingsStaffEmail(api: Pick<StaffApi, 'me'> = staffApi): Promise<void> {
  if ($settingsStaffEmail.get()) return;
  try {
    $settingsStaffEmail.set((await api.me()).email);
  } catch {
    // Unknown: the team section then lets the server refuse a self-removal (self_removal).
  }
}
