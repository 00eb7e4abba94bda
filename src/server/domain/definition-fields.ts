/** The zod building blocks a merchant definition's fields share: bounded texts and whole numbers. */
import { z } from 'zod';

/** A trimmed text of at most max characters. */
export const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
/** A trimmed, non-empty text of at most max characters. */
export const requiredText = (max: number) => text(max).min(1, 'required');
/** A whole number within [min, max]. */
export const intIn = (min: number, max: number) => z.int(`a whole number from ${min} to ${max}`).min(min, `at least ${min}`).max(max, `at most ${max}`);

/** Indexes of the items equal to an earlier item. */
export function duplicateIndexes<T>(values: readonly T[]): number[] {
  const seen = new Set<T>();
  const duplicates: number[] = [];
  values.forEach((value, index) => {
    if (seen.has(value)) duplicates.push(index);
    else seen.add(value);
  });
  return duplicates;
}
