/** Copies a folder tree many files at a time (fs.cp copies one file after another: minutes for tens of thousands of images). */
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { forEachLimit } from './for-each-limit.ts';

/** How many files are copied at once. */
const PARALLEL_COPIES = 32;

/** Copies every file under `source` to the same place under `target`; resolves how many files were copied. */
export async function copyTree(source: string, target: string): Promise<number> {
  const entries = await readdir(source, { withFileTypes: true, recursive: true });
  const folders = new Set<string>([target]);
  const files: string[] = [];
  for (const entry of entries) {
    const path = relative(source, join(entry.parentPath, entry.name));
    if (entry.isDirectory()) folders.add(join(target, path));
    else if (entry.isFile()) files.push(path);
  }
  // recursive: a folder whose parent is not made yet makes it too, so the order does not matter.
  await forEachLimit([...folders], PARALLEL_COPIES, async (folder) => {
    await mkdir(folder, { recursive: true });
  });
  await forEachLimit(files, PARALLEL_COPIES, (path) => copyFile(join(source, path), join(target, path)));
  return files.length;
}
