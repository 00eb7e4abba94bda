/** The staff book opens one dialog at a time: opening one replaces the one open, closing leaves none. */
import { beforeEach, describe, expect, test } from 'vitest';
import type { StaffBookingRow } from '../../../src/shared/api/staff.ts';
import { $staffDialog, closeStaffDialog, dialogOf, openStaffDialog } from '../../../src/stores/staff-dialog.ts';

// Only the token matters here: the dialog carries the row it was opened for, untouched.
const booking = { token: 'b-1' } as StaffBookingRow;

beforeEach(() => closeStaffDialog());

describe('the staff book dialog', () => {
  test('starts with no dialog open', () => {
    expect($staffDialog.get()).toEqual({ kind: 'none' });
  });

  test('an action picked in the other actions dialog replaces it: never two open', () => {
    openStaffDialog({ kind: 'more', booking, actions: ['cancel', 'note'], details: true });
    openStaffDialog({ kind: 'action', booking, action: 'cancel' });
    const open = $staffDialog.get();
    expect(dialogOf(open, 'more')).toBeNull();
    expect(dialogOf(open, 'action')).toEqual({ kind: 'action', booking, action: 'cancel' });
  });

  test.each([[{ kind: 'new-booking' } as const], [{ kind: 'close' } as const], [{ kind: 'password' } as const]])(
    'the %o dialog opens alone and closes to none',
    (dialog) => {
      openStaffDialog({ kind: 'action', booking, action: 'confirm' });
      openStaffDialog(dialog);
      expect($staffDialog.get()).toEqual(dialog);
      expect(dialogOf($staffDialog.get(), 'action')).toBeNull();
      closeStaffDialog();
      expect($staffDialog.get()).toEqual({ kind: 'none' });
    },
  );
});
