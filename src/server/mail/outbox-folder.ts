/** Writes files into an outbox folder, making the folder on the first write and again only if it went away. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A writer of files named `name` in `dir` (mode 0600). */
export function outboxFolder(dir: string): (name: string, data: string | Uint8Array) => Promise<string> {
  let made: Promise<unknown> | undefined;
  return async (name, data) => {
    const file = path.join(dir, name);
    made ??= mkdir(dir, { recursive: true });
    await made;
    try {
      await writeFile(file, data, { mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The folder was removed since (a clean-up): make it again, once.
      made = mkdir(dir, { recursive: true });
      await made;
      await writeFile(file, data, { mode: 0o600 });
    }
    return file;
  };
}
