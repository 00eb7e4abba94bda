/** $staffGuest: the guest profile open in the staff book (a booking's diner as the restaurant knows them), its read and save. */
import { map } from 'nanostores';
import { staffApi, type StaffApi } from '../lib/api/staff-api.ts';
import type { StaffGuestResponse } from '../shared/api/staff-guest.ts';
import type { FailureCode } from '../shared/api/outcome.ts';
import type { GuestTags } from '../shared/guest-profile.ts';
import { $staffBook, refreshAfterChange } from './staff-book.ts';
import { forgetStaff, staffFailure, type StaffOutcome } from './staff-session.ts';

/** The profile open, by its booking's token. */
export interface StaffGuestState {
  token: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  guest: StaffGuestResponse['guest'] | null;
  /** The failure of the last read. */
  error: FailureCode | null;
  /** Someone else saved between our read and our save: what is shown now is theirs, ours was not written. */
  overtaken: boolean;
}

const CLOSED: StaffGuestState = { token: null, status: 'idle', guest: null, error: null, overtaken: false };

/** The guest profile open in the book (token null: none). */
export const $staffGuest = map<StaffGuestState>({ ...CLOSED });

async function read(token: string, api: Pick<StaffApi, 'guest'>): Promise<StaffOutcome> {
  const { slug } = $staffBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  try {
    const { guest } = await api.guest(slug, token);
    if ($staffGuest.get().token === token) $staffGuest.set({ ...$staffGuest.get(), status: 'ready', guest, error: null });
    return { ok: true };
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    if ($staffGuest.get().token === token) $staffGuest.set({ ...$staffGuest.get(), status: 'error', error: failure.code });
    return failure;
  }
}

/** Opens the profile of a booking's diner and reads it. */
export function openGuest(token: string, api: Pick<StaffApi, 'guest'> = staffApi): Promise<StaffOutcome> {
  $staffGuest.set({ ...CLOSED, token, status: 'loading' });
  return read(token, api);
}

/** Closes the profile. */
export function closeGuest(): void {
  $staffGuest.set({ ...CLOSED });
}

/**
 * Saves the profile from the revision read; the day is read again (its cards' badges). When someone else saved in
 * between (409 stale_revision) theirs is read and shown, ours is not written, and `overtaken` says so.
 */
export async function saveGuestTags(tags: GuestTags, api: Pick<StaffApi, 'guest' | 'saveGuest' | 'day' | 'search'> = staffApi): Promise<StaffOutcome> {
  const { slug } = $staffBook.get();
  const { token, guest } = $staffGuest.get();
  if (!slug || !token || !guest) return { ok: false, code: 'not_found' };
  try {
    const saved = await api.saveGuest(slug, token, { ...tags, revision: guest.revision });
    if ($staffGuest.get().token === token) $staffGuest.set({ ...$staffGuest.get(), guest: saved.guest, overtaken: false });
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    if (failure.code === 'stale_revision' && $staffGuest.get().token === token) {
      $staffGuest.setKey('overtaken', true);
      await read(token, api);
    }
    return failure;
  }
  await refreshAfterChange(api);
  return { ok: true };
}
