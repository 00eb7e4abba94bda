/** A worker thread of scripts/external-scripts.ts: rewrites its share of the pages and posts back the script files they use. */
import { parentPort, workerData } from 'node:worker_threads';
import { externalizePages } from './external-scripts.ts';

const { dir, pages } = workerData as { dir: string; pages: string[] };
parentPort?.postMessage(await externalizePages(dir, pages));
