/** Pure rules of a staff edit of the definition: which top-level fields changed, and whether the staff list did. */
import type { StaffRole } from '../../shared/staff-roles.ts';

/** The top-level fields whose values differ between two definitions (compared as JSON), in a stable order. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
}

/** Only the given fields of a definition (what a change record keeps of each side). */
export function pickFields(definition: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in definition).map((field) => [field, definition[field]]));
}

/** A staff member as the rights see them: email, role, and whether a new password comes with them. */
export interface ListedStaff {
  email: string;
  role: StaffRole;
  newPassword: boolean;
}

/** Whether a listed staff differs from the stored one: someone added or removed, a role or a password changed. */
export function staffChanged(stored: ReadonlyMap<string, StaffRole>, listed: readonly ListedStaff[]): boolean {
  if (listed.length !== stored.size) return true;
  return listed.some((member) => member.newPassword || stored.get(member.email) !== member.role);
}

/** The definition's fields that decide what diners may book: hours, closed and special days, rules, floor, time zone. */
export const AVAILABILITY_FIELDS: readonly string[] = ['bookingEnabled', 'closedDays', 'settings', 'shifts', 'specialDays', 'timezone', 'zones'];

/** Whether a change of these fields changes what diners may book (open booking pages must read their times again). */
export function changesAvailability(fields: readonly string[]): boolean {
  return fields.some((field) => AVAILABILITY_FIELDS.includes(field));
}
