/**
 * A full build's merchant pages, on every core: the list is cut into chunk files once, then worker threads
 * (scripts/render-site-worker.ts), each with the renderer the build's Astro run kept (scripts/keep-renderer.ts), render
 * the chunks they are handed and write each page with its compressed copies. The same renderer and the same code as an
 * update of a few merchants (scripts/update-site.ts): a page comes out byte for byte the same either way.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import type { FileHashes } from './site-changes.ts';
import type { RenderMessage, RenderTask, RenderWorkerData } from './render-site-worker.ts';

/** Merchants per chunk: a chunk's pages are held in memory until written (about 30 kB a merchant); small enough that the cores finish together, and Astro finds a page's merchant among fewer. */
const CHUNK_MERCHANTS = 100;
// Tasks handed to a worker ahead of time: the next is there as soon as one is written.
const TASKS_AHEAD = 2;

/** What renderSiteMerchants wrote. */
export interface RenderedSite {
  pages: number;
  /** Pages parsed to be prepared: the first of each kind on each worker, and any unlike the others. */
  parsed: number;
  /** Shells filled from templates rather than rendered (scripts/shell-templates.ts). */
  filled: number;
  bytes: number;
  brotliBytes: number;
  hashes: Required<Pick<FileHashes, 'files' | 'stamps'>>;
}

/** Writes the merchants into chunk files in `dir` (each a merchant list as the pages read it); the merchant tasks. */
export async function writeMerchantChunks(merchants: readonly MerchantListing[], dir: string): Promise<RenderTask[]> {
  await mkdir(dir, { recursive: true });
  const tasks: RenderTask[] = [];
  for (let start = 0; start < merchants.length; start += CHUNK_MERCHANTS) {
    const chunk = merchants.slice(start, start + CHUNK_MERCHANTS);
    const file = join(dir, `chunk-${tasks.length}.json`);
    await writeFile(file, JSON.stringify(chunk));
    tasks.push({ kind: 'merchants', file, slugs: chunk.map((merchant) => merchant.slug) });
  }
  return tasks;
}

/**
 * Renders the tasks (merchant chunks, then the site root) into `building` with the renderer kept in `rendererDir`, on
 * `workers` threads (one per core by default); rejects on the first failure, every worker stopped.
 */
export async function renderSiteMerchants({
  rendererDir,
  building,
  tasks,
  workers = availableParallelism(),
}: {
  rendererDir: string;
  building: string;
  tasks: readonly RenderTask[];
  workers?: number;
}): Promise<RenderedSite> {
  const result: RenderedSite = { pages: 0, parsed: 0, filled: 0, bytes: 0, brotliBytes: 0, hashes: { files: {}, stamps: {} } };
  const queue = [...tasks];
  const pool: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let outstanding = queue.length;
      if (outstanding === 0) return resolve();
      for (let index = 0; index < Math.max(1, Math.min(workers, queue.length)); index += 1) {
        const worker = new Worker(new URL('./render-site-worker.ts', import.meta.url), {
          workerData: { rendererDir, building } satisfies RenderWorkerData,
        });
        pool.push(worker);
        let given = 0;
        let finished = 0;
        const handOut = () => {
          while (given - finished < TASKS_AHEAD && queue.length > 0) {
            worker.postMessage(queue.shift()!);
            given += 1;
          }
        };
        worker.on('message', (message: RenderMessage) => {
          if (message.kind === 'failed') return reject(new Error(`rendering the merchants' pages failed: ${message.error}`));
          if (message.kind === 'done') {
            finished += 1;
            outstanding -= 1;
            result.pages += message.pages;
            result.parsed += message.parsed;
            result.filled += message.filled;
            result.bytes += message.bytes;
            result.brotliBytes += message.brotliBytes;
            Object.assign(result.hashes.files, message.files);
            Object.assign(result.hashes.stamps, message.stamps);
            if (outstanding === 0) return resolve();
          }
          handOut();
          if (given === finished && queue.length === 0) void worker.terminate();
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          if (given !== finished || queue.length > 0) reject(new Error(`a page worker stopped with code ${code}`));
        });
      }
    });
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return result;
}
