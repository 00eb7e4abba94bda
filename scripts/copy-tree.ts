/** Copies a folder tree many files at a time (fs.cp copies one file after another: minutes for tens of thousands of images). */
import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { forEachLimit } from './for-each-limit.ts';

/** How many files are copied at once. */
const PARALLEL_COPIES = 32;
// A hard link cannot be made across file systems (EXDEV), on some file systems at all (EPERM, ENOTSUP), or past a file's link limit (EMLINK): those files are copied.
const CANNOT_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK']);

/** Makes the folders of the tree at `source` under `target`; resolves its files (paths relative to it). */
async function makeFolders(source: string, target: string): Promise<string[]> {
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
  return files;
}

/** Copies every file under `source` to the same place under `target`; resolves how many files were copied. */
export async function copyTree(source: string, target: string): Promise<number> {
  const files = await makeFolders(source, target);
  await forEachLimit(files, PARALLEL_COPIES, (path) => copyFile(join(source, path), join(target, path)));
  return files.length;
}

/**
 * Puts every file under `source` at the same place under `target` as a hard link to it (no bytes written), or a copy
 * where no link can be made (another file system). Only for files never rewritten in place (media are named by their
 * content and replaced by rename): a link shares later writes to its file. Resolves how many files, and how many linked.
 */
export async function linkTree(source: string, target: string): Promise<{ files: number; linked: number }> {
  const files = await makeFolders(source, target);
  let linked = 0;
  let canLink = true;
  await forEachLimit(files, PARALLEL_COPIES, async (path) => {
    const from = join(source, path);
    const to = join(target, path);
    if (canLink) {
      try {
        await link(from, to);
        linked += 1;
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (!CANNOT_LINK.has(code)) throw error;
        // Across file systems no file will link: copy the rest without trying.
        if (code === 'EXDEV') canLink = false;
      }
    }
    await copyFile(from, to);
  });
  return { files: files.length, linked };
}
