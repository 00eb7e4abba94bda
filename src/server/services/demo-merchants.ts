/** The demo merchants kept in scripts/demo-merchants, imported on a first start. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database.ts';
import { importMerchant } from './merchant-import.ts';

/** Folder of the demo merchant definitions. */
export const DEMO_MERCHANTS_DIR = fileURLToPath(new URL('../../../scripts/demo-merchants/', import.meta.url));

/** The demo merchants' definitions as written (unchecked JSON), in their files' order. */
export async function demoDefinitions(): Promise<unknown[]> {
  const files = (await readdir(DEMO_MERCHANTS_DIR)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(files.map(async (file): Promise<unknown> => JSON.parse(await readFile(path.join(DEMO_MERCHANTS_DIR, file), 'utf8'))));
}

/** Imports every demo merchant; returns their slugs. */
export async function importDemoMerchants(db: Database, mediaDir: string): Promise<string[]> {
  const slugs: string[] = [];
  for (const definition of await demoDefinitions()) {
    const { merchant } = await importMerchant(db, definition, { baseDir: DEMO_MERCHANTS_DIR, mediaDir });
    slugs.push(merchant.slug);
  }
  return slugs;
}

/** The demo merchants' staff accounts as their definitions give them (in clear: they are demo accounts), for the start-up log and the README. */
export async function demoStaffAccounts(): Promise<Array<{ slug: string; email: string; password: string }>> {
  const accounts: Array<{ slug: string; email: string; password: string }> = [];
  for (const definition of (await demoDefinitions()) as Array<{ slug: string; staff?: Array<{ email: string; password?: string }> }>) {
    for (const member of definition.staff ?? []) if (member.password) accounts.push({ slug: definition.slug, email: member.email, password: member.password });
  }
  return accounts;
}
