/**
 * Writes Brotli (.br) and gzip (.gz) copies beside the built site's shared text files (scripts, styles, SVG, the
 * manifest), so the server sends them compressed (@fastify/static `preCompressed`) without compressing per request.
 * Pages (.html, one set per merchant) and merchant media are left alone: compressing tens of thousands of pages
 * at build time would cost more than it saves.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The file types that get compressed copies. */
export const PRECOMPRESSED_TYPES = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
// Below this, compression saves less than a packet.
const MIN_BYTES = 1024;

/** What precompressSite wrote. */
export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** True for a site file (path relative to the site root) that gets .br and .gz copies. */
export function precompresses(path: string): boolean {
  const top = path.split(sep)[0];
  return top !== 'media' && PRECOMPRESSED_TYPES.has(extname(path).toLowerCase());
}

/** Compresses the shared text files of the site in `dir` (Brotli quality 11, gzip level 9), keeping only copies that are smaller. */
export async function precompressSite(dir: string): Promise<PrecompressResult> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => precompresses(relative(dir, file)));
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      result.files += 1;
      result.bytes += content.length;
      result.brotliBytes += Math.min(br.length, content.length);
    }),
  );
  return result;
}
