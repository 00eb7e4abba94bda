/**
 * A worker thread of scripts/render-site-merchants.ts: opens the renderer a full build kept, and for each task the
 * parent sends renders a chunk of merchants (or the site root), writes each page with its .br and .gz copies and the
 * script files the pages refer to into the folder being built, and posts back what it wrote with each file's hash.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { fileStamp } from './file-stamp.ts';
import { compressedCopiesNow } from './precompress-site.ts';
import { openRenderer, type RenderedPage } from './render-merchants.ts';
import { writeFileAtomicNow } from './write-file-atomic.ts';

/** What the parent gives every worker. */
export interface RenderWorkerData {
  rendererDir: string;
  /** The folder being built. */
  building: string;
}

/** One task: a chunk's merchant list and slugs, or the site root from the complete list. */
export type RenderTask = { kind: 'merchants'; file: string; slugs: string[] } | { kind: 'home'; file: string };

/** What a worker posts: `ready` once (its renderer loaded), then one `done` per task, or `failed`. */
export type RenderMessage =
  | { kind: 'ready' }
  | {
      kind: 'done';
      pages: number;
      /** Of them, pages parsed to be prepared (the first of each kind; scripts/page-preparer.ts replaces in the others). */
      parsed: number;
      /** Of them, shells filled from templates (scripts/shell-templates.ts), not rendered. */
      filled: number;
      bytes: number;
      brotliBytes: number;
      files: Record<string, string>;
      stamps: Record<string, string>;
    }
  | { kind: 'failed'; error: string };

const { rendererDir, building } = workerData as RenderWorkerData;
const port = parentPort!;
// Script files this worker wrote: every page of a kind refers to the same few.
const scriptsWritten = new Set<string>();

/**
 * Writes a file of the site with its compressed copies, from this thread: each worker has a core of its own, and one
 * writer per core spends less time in the kernel than the thread pool's four creating files in the same folders.
 */
function writeWithCopies(path: string, content: Buffer, done: Extract<RenderMessage, { kind: 'done' }>, atomic: boolean): void {
  const file = join(building, path);
  const copies = compressedCopiesNow(path, content);
  mkdirSync(dirname(file), { recursive: true });
  // A script file two workers may write at once: renamed into place whole.
  const write = atomic ? writeFileAtomicNow : writeFileSync;
  if (copies?.br) write(`${file}.br`, copies.br);
  if (copies?.gz) write(`${file}.gz`, copies.gz);
  write(file, content);
  const key = `/${path}`;
  done.files[key] = createHash('sha256').update(content).digest('hex');
  done.stamps[key] = fileStamp(statSync(file, { bigint: true }));
  if (copies) {
    done.bytes += content.length;
    done.brotliBytes += Math.min(copies.br?.length ?? content.length, content.length);
  }
}

function writePages(pages: readonly RenderedPage[], parsed: number, filled: number): Extract<RenderMessage, { kind: 'done' }> {
  const done: Extract<RenderMessage, { kind: 'done' }> = { kind: 'done', pages: pages.length, parsed, filled, bytes: 0, brotliBytes: 0, files: {}, stamps: {} };
  // Scripts first: a page never refers to a file not there yet.
  for (const script of pages.flatMap((page) => page.scripts)) {
    if (scriptsWritten.has(script.file)) continue;
    scriptsWritten.add(script.file);
    writeWithCopies(script.file, Buffer.from(script.code), done, true);
  }
  for (const page of pages) writeWithCopies(page.file, Buffer.from(page.html), done, false);
  return done;
}

try {
  const renderer = await openRenderer(rendererDir, undefined, { fillShells: true });
  let chain: Promise<void> = Promise.resolve();
  port.on('message', (task: RenderTask) => {
    chain = chain.then(async () => {
      try {
        const parsedBefore = renderer.prepared.parsed;
        const filledBefore = renderer.filled;
        const pages = task.kind === 'home' ? [await renderer.renderHome(task.file)] : await renderer.renderMerchants(task.file, task.slugs);
        port.postMessage(writePages(pages, renderer.prepared.parsed - parsedBefore, renderer.filled - filledBefore) satisfies RenderMessage);
      } catch (error) {
        port.postMessage({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderMessage);
      }
    });
  });
  port.postMessage({ kind: 'ready' } satisfies RenderMessage);
} catch (error) {
  port.postMessage({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderMessage);
}
