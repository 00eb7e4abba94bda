/** Which top-level fields of the definition differ between two versions (what another save changed, what a draft changes). */

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Whether two JSON values are equal (key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  return same(a, b);
}

/** The top-level fields that differ between before and after, in after's order then before's. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !same(before[key], after[key]));
}
