/** $staffCompact: whether the staff book lists its bookings one line each, remembered on this browser. */
import { atom } from 'nanostores';
import { getStaffCompact, setStaffCompact } from '../lib/staff/staff-storage.ts';

/** The compact list (one line a booking) rather than cards. */
export const $staffCompact = atom<boolean>(getStaffCompact());

/** Switches between cards and the compact list; the choice is kept for the next visit. */
export function setStaff(compact: boolean): void {
  $staffCompact.set(compact);
  setStaffCompact(compact);
}
