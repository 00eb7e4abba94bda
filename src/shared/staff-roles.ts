/** Staff roles and what each may do (the merchant contract's "Roles" table), read by the server and the book alike. */

/** The roles a staff member of a merchant may have, least to most. */
export const STAFF_ROLES = ['host', 'manager', 'owner'] as const;

/** One staff role. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The role a definition without roles gives every listed staff member (existing accounts keep their rights). */
export const DEFAULT_STAFF_ROLE: StaffRole = 'owner';

/** A right of the contract's table: the book, closings, the restaurant's own definition, its staff. */
export type StaffRight = 'book' | 'closings' | 'definition' | 'staff';

/** Who holds each right. */
export const STAFF_RIGHTS: Readonly<Record<StaffRight, readonly StaffRole[]>> = {
  book: ['host', 'manager', 'owner'],
  closings: ['manager', 'owner'],
  definition: ['manager', 'owner'],
  staff: ['owner'],
};

/** Whether a role holds a right. */
export function mayStaff(role: StaffRole, right: StaffRight): boolean {
  return STAFF_RIGHTS[right].includes(role);
}
