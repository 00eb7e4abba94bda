/** Reading and replacing one value of the definition by its path, without touching the rest (every level is copied, never mutated). */

/** A path into the definition, as the server's 422 names it (`shifts.1.slots.0.end` is ['shifts', 1, 'slots', 0, 'end']). */
export type DraftPath = readonly (string | number)[];

/** The dotted form of a path, as the server's 422 names fields: ['shifts', 1, 'end'] is 'shifts.1.end'. */
export function dottedPath(path: DraftPath): string {
  return path.join('.');
}

/** The value at path, or undefined. */
export function valueAt(root: unknown, path: DraftPath): unknown {
  let here: unknown = root;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

/** A copy of root with value at path; undefined removes an object's key; missing levels are made (an array for a number key). */
export function withValueAt<T>(root: T, path: DraftPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const here = (root ?? (typeof key === 'number' ? [] : {})) as Record<string | number, unknown> | unknown[];
  const next = withValueAt((here as Record<string | number, unknown>)[key], rest, value);
  if (Array.isArray(here)) {
    const copy = [...here];
    copy[key as number] = next;
    return copy as T;
  }
  const copy: Record<string | number, unknown> = { ...here };
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy as T;
}

/** Whether an error at `errorPath` is about the value at `changed` (the same field, inside it, or a field holding it). */
export function pathTouches(errorPath: string, changed: string): boolean {
  return errorPath === changed || errorPath.startsWith(`${changed}.`) || changed.startsWith(`${errorPath}.`);
}
