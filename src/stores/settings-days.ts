/** What the settings' special days show besides the draft: the staff's closings not yet over (read-only there). */
import { atom } from 'nanostores';
import type { StaffClosing } from '../shared/api/staff.ts';
import { staffApi } from '../lib/api/staff-api.ts';

/** The closings staff made that are not over yet, by start; null until read, [] when they could not be read. */
export const $settingsClosings = atom<StaffClosing[] | null>(null);

/** Reads the merchant's closings not yet over (a failure shows none: the book is where they are managed). */
export async function loadSettingsClosings(slug: string, api: Pick<typeof staffApi, 'closings'> = staffApi): Promise<void> {
  try {
    const answer = await api.closings(slug);
    $settingsClosings.set(answer.closings);
  } catch {
    $settingsClosings.set([]);
  }
}
