/**
 * One migrated PGlite data folder, dumped once and loaded by every test database: starting PGlite from a dump costs
 * about a fifth of the CPU of a fresh initdb plus every migration. Its file name carries a hash of the migrations and
 * of PGlite's version, so a new migration or upgrade builds a new template instead of loading a stale one.
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../src/server/db/database.ts';

const root = path.join(import.meta.dirname, '..', '..');
const migrationsFolder = path.join(root, 'src', 'server', 'db', 'migrations');

/** The template's path for the migrations and PGlite version of this checkout. */
async function templatePath(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = await readFile(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8');
  hash.update(JSON.parse(pglite).version as string);
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(path.relative(migrationsFolder, file)).update(await readFile(file));
  return path.join(tmpdir(), 'couvert-test-pglite', `${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Builds the template unless it exists; returns its path (vitest's global setup calls it once per run). */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = await templatePath();
  const built = await access(file).then(
    () => true,
    () => false,
  );
  if (built) return file;
  const handle = await openPglite();
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed: a concurrent reader sees the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

let loaded: Promise<Blob> | undefined;

/** The migrated template as a Blob (read once per test file). */
export function pgliteTemplate(): Promise<Blob> {
  loaded ??= ensurePgliteTemplate().then(async (file) => new Blob([await readFile(file)]));
  return loaded;
}
