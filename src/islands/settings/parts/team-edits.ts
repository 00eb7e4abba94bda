/** Pure rules of the team section: who may be removed or changed, and a new member's checks. */
import { LIST_MAX } from '../../../shared/definition-bounds.ts';
import type { StaffRole } from '../../../shared/staff-roles.ts';
import type { DraftStaff } from '../definition-draft.ts';

/** Why a member may not be removed or lose the owner role: themselves, or the last owner (the server refuses both). */
export function lockedReason(staff: readonly DraftStaff[], index: number, self: string | null): 'self' | 'lastOwner' | undefined {
  const member = staff[index];
  if (!member) return undefined;
  if (self && member.email.toLowerCase() === self.toLowerCase()) return 'self';
  const owners = staff.filter((each) => each.role === 'owner').length;
  return member.role === 'owner' && owners <= 1 ? 'lastOwner' : undefined;
}

/** What is wrong with an email to add, if anything: not an address, already listed, or the list is full. */
export function newMemberProblem(staff: readonly DraftStaff[], email: string): 'invalid' | 'duplicate' | 'full' | undefined {
  const normalised = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised) || normalised.length > 254) return 'invalid';
  if (staff.some((member) => member.email.toLowerCase() === normalised)) return 'duplicate';
  return staff.length >= LIST_MAX.staff ? 'full' : undefined;
}

/** The staff with a new member (no password: the server mails them a link to choose theirs). */
export function addMember(staff: readonly DraftStaff[], email: string, role: StaffRole): DraftStaff[] {
  return [...staff, { email: email.trim().toLowerCase(), role }];
}
