/**
 * Writes Brotli (.br) and gzip (.gz) copies beside the built site's text files (pages, scripts, styles, SVG, the
 * manifest), so a server sends them compressed (@fastify/static `preCompressed`, nginx `gzip_static`/`brotli_static`)
 * without compressing per request, and a CDN in front of it stores the small copies. Merchant media are left alone.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { forEachLimit } from './for-each-limit.ts';
import { fileStamp } from './file-stamp.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The file types that get compressed copies. */
export const PRECOMPRESSED_TYPES = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
// Below this, compression saves less than a packet.
const MIN_BYTES = 1024;
// zlib runs in libuv's thread pool: a few files at a time keep every core busy without holding the site in memory.
const PARALLEL_FILES = 8;

/**
 * How hard each kind of file is compressed. Shared scripts and styles are few and fetched by every diner: the
 * smallest copy. Pages are one set per merchant (tens of thousands): on a 21 kB merchant page Brotli 11 takes 160 ms
 * for 4.5 kB, Brotli 4 1.1 ms for 5.3 kB, gzip 6 1.2 ms for 5.3 kB, so pages get the fast levels.
 */
export const LEVELS = {
  shared: { brotli: 11, gzip: 9 },
  page: { brotli: 4, gzip: 6 },
} as const;

/** What precompressSite wrote. */
export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  /**
   * The sha256 of every file read (compressed or not), by URL path ("/a/index.html"), with its stamp (inode:size:mtime)
   * as site-files.json keeps them: the build's hashing of the site does not read these files again.
   */
  hashes: { files: Record<string, string>; stamps: Record<string, string> };
}

// Merchant media (photos, logos) are neither compressed nor hashed here: the build links and hashes them apart.
function isMerchantMedia(path: string): boolean {
  return path.split(sep)[0] === 'media';
}

/** True for a site file (path relative to the site root) that gets .br and .gz copies. */
export function precompresses(path: string): boolean {
  return !isMerchantMedia(path) && PRECOMPRESSED_TYPES.has(extname(path).toLowerCase());
}

/** Hashes the given files of the site in `dir` (paths relative to it) and compresses those that `precompresses`, keeping only copies that are smaller. */
export async function precompressFiles(dir: string, paths: readonly string[]): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, hashes: { files: {}, stamps: {} } };
  await forEachLimit(paths, PARALLEL_FILES, async (path) => {
    const file = join(dir, path);
    // Stamped before the read: a file changed meanwhile gets a new stamp, so its recorded hash is never taken for it.
    const info = await stat(file, { bigint: true });
    const content = await readFile(file);
    const key = `/${path.split(sep).join('/')}`;
    result.hashes.files[key] = createHash('sha256').update(content).digest('hex');
    result.hashes.stamps[key] = fileStamp(info);
    const copies = precompresses(path) ? await compressedCopies(path, content) : null;
    if (!copies) return;
    if (copies.br) await writeFile(`${file}.br`, copies.br);
    if (copies.gz) await writeFile(`${file}.gz`, copies.gz);
    result.files += 1;
    result.bytes += content.length;
    result.brotliBytes += Math.min(copies.br?.length ?? content.length, content.length);
  });
  return result;
}

/** The .br and .gz copies of a file's content (path: its name in the site), each only if smaller; null when too small to bother. */
export async function compressedCopies(path: string, content: Buffer): Promise<{ br?: Buffer; gz?: Buffer } | null> {
  if (content.length < MIN_BYTES) return null;
  const level = levelOf(path);
  const [br, gz] = await Promise.all([brotli(content, brotliOptions(level.brotli, content)), gzipAsync(content, { level: level.gzip })]);
  return smallerOnes(content, br, gz);
}

/** compressedCopies on this thread: a page worker that has a core of its own (scripts/render-site-worker.ts). */
export function compressedCopiesNow(path: string, content: Buffer): { br?: Buffer; gz?: Buffer } | null {
  if (content.length < MIN_BYTES) return null;
  const level = levelOf(path);
  return smallerOnes(content, brotliCompressSync(content, brotliOptions(level.brotli, content)), gzipSync(content, { level: level.gzip }));
}

function levelOf(path: string): { brotli: number; gzip: number } {
  return extname(path).toLowerCase() === '.html' ? LEVELS.page : LEVELS.shared;
}

function brotliOptions(quality: number, content: Buffer): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  };
}

function smallerOnes(content: Buffer, br: Buffer, gz: Buffer): { br?: Buffer; gz?: Buffer } {
  return { ...(br.length < content.length ? { br } : {}), ...(gz.length < content.length ? { gz } : {}) };
}

/** Compresses every page and shared text file of the site in `dir`, and hashes every file of it (merchant media aside). */
export async function precompressSite(dir: string): Promise<PrecompressResult> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !isMerchantMedia(path));
  return precompressFiles(dir, paths);
}
