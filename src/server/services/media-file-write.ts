/** Writes a file into the media folder so that nothing ever finds a part of it: written in a folder beside, then renamed in. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The folder of a media folder's files being written: beside it, not in it, since a site build links every file under
 * the media folder (a killed upload leaves its part here, where no build looks); on the same file system, so rename is atomic.
 */
export function mediaWritingDir(mediaDir: string): string {
  return path.join(path.dirname(path.resolve(mediaDir)), `.${path.basename(path.resolve(mediaDir))}-writing`);
}

/** Writes `content` at `relativePath` under `mediaDir` atomically (creating its folders); an existing file is replaced whole. */
export async function writeMediaFile(mediaDir: string, relativePath: string, content: Uint8Array): Promise<void> {
  const target = path.join(mediaDir, relativePath);
  const writing = mediaWritingDir(mediaDir);
  await Promise.all([mkdir(path.dirname(target), { recursive: true }), mkdir(writing, { recursive: true })]);
  const temporary = path.join(writing, `${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
