import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';

/** The project root (where astro.config.mjs lives). */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The files and folders whose content shapes the built site. */
export const SITE_SOURCES = [
  'src/pages',
  'src/components',
  'src/layouts',
  'src/islands',
  'src/stores',
  'src/lib',
  'src/boot',
  'src/i18n',
  'public',
  'astro.config.mjs',
  // Vite reads PUBLIC_ settings from these too.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  // The integrations astro.config.mjs lists, and what they import.
  'scripts/boot-scripts.ts',
  'scripts/client-chunks.ts',
  'scripts/minify-public-scripts.ts',
  'scripts/static-texts.ts',
  'scripts/compile-sample.ts',
  'scripts/scan-markup.ts',
  'scripts/for-each-limit.ts',
  'scripts/file-stamp.ts',
  'scripts/write-file-atomic.ts',
  'scripts/site-pwa.ts',
  'scripts/external-scripts.ts',
  'scripts/external-scripts-worker.ts',
  'scripts/precompress-site.ts',
  'scripts/site-changes.ts',
  // The kept renderer and what it does to a page (scripts/update-site.ts re-renders merchants with it).
  'scripts/keep-renderer.ts',
  'scripts/render-merchants.ts',
  'scripts/body-styles.ts',
  'scripts/page-preparer.ts',
  'scripts/shell-templates.ts',
  'scripts/island-uid.ts',
  'scripts/render-site-worker.ts',
  'scripts/render-site-merchants.ts',
  // Code both sides run (local time, languages, theme, API shapes) is bundled into the site.
  'src/shared',
  'package-lock.json',
] as const;

/** The settings the site is built with besides the PUBLIC_ ones: they are written into its pages and scripts. */
const BUILD_SETTINGS = ['SITE_URL', 'PROVIDER_NAME', 'PROVIDER_URL'];

/** The environment a build reads (PUBLIC_*, BUILD_SETTINGS) with its values, in a fixed order. */
export function buildEnvironment(env: NodeJS.ProcessEnv = process.env): Array<[string, string]> {
  return Object.entries(env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && (entry[0].startsWith('PUBLIC_') || BUILD_SETTINGS.includes(entry[0])))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The name of the stamp file written at the root of a built site. */
export const STAMP_FILE = 'build-stamp.json';

/** What a built site was built from. */
export interface BuildStamp {
  merchantsHash: string;
  sourceHash: string;
  merchantCount: number;
  builtAt: string;
  /** The folder under .cache/site-renderer holding the compiled renderer of this site's pages (none: a full build is needed). */
  renderer?: string;
}

/** JSON with object keys sorted, so equal data hashes equally whatever order its keys were built in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A sha256 of what the pages show of one merchant, insensitive to key order. */
export function merchantHash(merchant: MerchantListing): string {
  // updatedAt changes on every import, even an identical one, and no page shows it.
  const { updatedAt: _updatedAt, ...shown } = merchant;
  return createHash('sha256').update(canonicalJson(shown)).digest('hex');
}

/** A sha256 of the merchants' hashes by slug: insensitive to key order and list order (pages sort what they list). */
export function merchantsHashOf(hashes: Readonly<Record<string, string>>): string {
  const bySlug = Object.keys(hashes)
    .sort()
    .map((slug) => [slug, hashes[slug]]);
  return createHash('sha256').update(JSON.stringify(bySlug)).digest('hex');
}

/** A sha256 of what the pages show of the merchant list (merchantsHashOf their merchantHash). */
export function merchantsHash(merchants: readonly MerchantListing[]): string {
  return merchantsHashOf(Object.fromEntries(merchants.map((merchant) => [merchant.slug, merchantHash(merchant)])));
}

async function listFiles(root: string, entry: string): Promise<string[]> {
  const path = join(root, entry);
  try {
    const items = await readdir(path, { recursive: true, withFileTypes: true });
    return items.filter((item) => item.isFile() && !item.name.startsWith('.')).map((item) => relative(root, join(item.parentPath, item.name)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [entry];
    if (code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * A sha256 over the paths and contents of the site's source files (SITE_SOURCES under root) and the build settings
 * in `env`: a site built with another API address or provider name is another site.
 */
export async function sourceHash(root: string = PROJECT_ROOT, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const files = (await Promise.all(SITE_SOURCES.map((entry) => listFiles(root, entry)))).flat();
  // Posix paths and a fixed order: the same tree hashes the same on every machine.
  const ordered = files.map((file) => file.split(sep).join('/')).sort();
  const hash = createHash('sha256')
    .update(JSON.stringify(buildEnvironment(env)))
    .update('\0');
  for (const file of ordered) {
    hash
      .update(file)
      .update('\0')
      .update(await readFile(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the site built in outDir, or null when there is none (or it is unreadable). */
export async function readStamp(outDir: string): Promise<BuildStamp | null> {
  try {
    const stamp = JSON.parse(await readFile(join(outDir, STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    if (typeof stamp.merchantsHash !== 'string' || typeof stamp.sourceHash !== 'string') return null;
    return stamp as BuildStamp;
  } catch {
    return null;
  }
}
