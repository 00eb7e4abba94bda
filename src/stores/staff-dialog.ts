/** The staff book's open dialog: one at a time, by kind, with what it is open for. */
import { atom } from 'nanostores';
import type { BookAction } from '../lib/staff/book-view.ts';
import type { StaffBookingRow } from '../shared/api/staff.ts';

/** No dialog, a booking's action, a booking's other actions (with its details on the compact list), its diner's profile, a new booking, a closing, the password. */
export type StaffDialog =
  | { kind: 'none' }
  | { kind: 'action'; booking: StaffBookingRow; action: BookAction }
  | { kind: 'more'; booking: StaffBookingRow; actions: BookAction[]; details: boolean }
  | { kind: 'guest'; booking: StaffBookingRow }
  | { kind: 'new-booking' }
  | { kind: 'close' }
  | { kind: 'password' };

/** The dialog open on the staff book. */
export const $staffDialog = atom<StaffDialog>({ kind: 'none' });

/** Opens a dialog in place of the one open (the other actions' dialog gives way to the action picked in it). */
export function openStaffDialog(dialog: Exclude<StaffDialog, { kind: 'none' }>): void {
  $staffDialog.set(dialog);
}

/** Closes the open dialog. */
export function closeStaffDialog(): void {
  $staffDialog.set({ kind: 'none' });
}

/** The open dialog when it is of `kind`, else null: what a dialog's island reads. */
export function dialogOf<Kind extends StaffDialog['kind']>(dialog: StaffDialog, kind: Kind): Extract<StaffDialog, { kind: Kind }> | null {
  return dialog.kind === kind ? (dialog as Extract<StaffDialog, { kind: Kind }>) : null;
}
