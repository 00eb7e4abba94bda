/** Whether a path names something on disk (following links). */
import { stat } from 'node:fs/promises';

/** True when `path` exists: a file, a folder, or a link to one. */
export async function pathExists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
