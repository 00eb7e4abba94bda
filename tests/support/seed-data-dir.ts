/**
 * A server or CLI started by a test on a new data folder finds its PGlite database there already migrated: the test
 * template (tests/support/pglite-template.ts) unpacked into DATA_DIR/pglite, where the server opens it. Creating and
 * migrating a database costs a start about 5 CPU-seconds; the tests that start dozens of processes test what the
 * processes do, and tests/process/start.test.ts keeps testing a start on an empty folder.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensurePgliteTemplate } from './pglite-template.ts';

const run = promisify(execFile);

/**
 * Unpacks the migrated template into `env.DATA_DIR/pglite` (relative to `cwd`, the process's working directory) when
 * the process will open PGlite there and finds nothing.
 */
export async function seedDataDir(env: Record<string, string | undefined>, cwd = process.cwd()): Promise<void> {
  if (!env.DATA_DIR || env.DATABASE_URL) return;
  const folder = path.join(path.resolve(cwd, env.DATA_DIR), 'pglite');
  if (existsSync(folder)) return;
  const template = await ensurePgliteTemplate();
  const unpacking = `${folder}.unpacking-${process.pid}`;
  await mkdir(unpacking, { recursive: true });
  try {
    // GNU tar: the dump's members are absolute (/base, /global ...); tar takes them relative to -C.
    await run('tar', ['-xf', template, '-C', unpacking]);
    await mkdir(path.dirname(folder), { recursive: true });
    await rename(unpacking, folder);
  } finally {
    await rm(unpacking, { recursive: true, force: true });
  }
}
