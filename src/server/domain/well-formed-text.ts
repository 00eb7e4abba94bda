/** Finds text that is not well-formed Unicode (a lone surrogate) anywhere in a parsed document. */

/** Where a value sits in a document: object keys and array indexes from the root. */
export type ValuePath = Array<string | number>;

/** Whether a string is well-formed Unicode (no lone surrogate), so it can be stored and sent as UTF-8. */
export const isWellFormedText = (text: string): boolean => text.isWellFormed();

/** The message every refusal of such text carries. */
export const ILL_FORMED_TEXT_MESSAGE = 'not well-formed Unicode (a lone surrogate)';

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

function pathOf(visit: Visit, lastKey?: string): ValuePath {
  const path: ValuePath = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key!);
  return path;
}

/**
 * The path of the first string (or object key) in `value` that is not well-formed Unicode, in document order;
 * undefined when every text is well-formed. Walks without recursion and without copying paths, so neither
 * deep nesting nor a large document costs more than one pass.
 */
export function illFormedTextPath(value: unknown): ValuePath | undefined {
  const stack: Visit[] = [{ value }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], key: index, parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (const key of keys) if (!isWellFormedText(key)) return pathOf(visit, key);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return undefined;
}

/** A path written the way error answers name fields: `address.city`, `zones.0.name` (`_` for the whole document). */
export const dottedPath = (path: ValuePath): string => (path.length === 0 ? '_' : path.map(String).join('.'));
