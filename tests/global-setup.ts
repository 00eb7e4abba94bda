/** Vitest's global setup: builds the migrated PGlite template once, before any test file loads it. */
import { ensurePgliteTemplate } from './support/pglite-template.ts';

export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await ensurePgliteTemplate();
}
