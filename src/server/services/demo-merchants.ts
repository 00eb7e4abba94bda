/** The demo merchants kept in scripts/demo-merchants, imported on a first start. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database.ts';
import { importMerchant } from './merchant-import.ts';

/** Folder of the demo merchant definitions. */
export const DEMO_MERCHANTS_DIR = fileURLToPath(new URL('../../../scripts/demo-merchants/', import.meta.url));

/** Imports every demo merchant; returns their slugs. */
export async function importDemoMerchants(db: Database, mediaDir: string): Promise<string[]> {
  const files = (await readdir(DEMO_MERCHANTS_DIR)).filter((name) => name.endsWith('.json')).sort();
  const slugs: string[] = [];
  for (const file of files) {
    const definition: unknown = JSON.parse(await readFile(path.join(DEMO_MERCHANTS_DIR, file), 'utf8'));
    const { merchant } = await importMerchant(db, definition, { baseDir: DEMO_MERCHANTS_DIR, mediaDir });
    slugs.push(merchant.slug);
  }
  return slugs;
}
