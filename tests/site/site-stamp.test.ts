import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PROJECT_ROOT, SITE_SOURCES, sourceHash } from '../../scripts/site-stamp.ts';

/** The project's files a module imports by a relative path (static imports, re-exports, dynamic imports). */
async function localImports(file: string): Promise<string[]> {
  const code = await readFile(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** Every project file reachable from `entries` by relative imports. */
async function closure(entries: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(PROJECT_ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (/\.(?:ts|tsx|mjs|js|astro)$/.test(file)) queue.push(...(await localImports(file)));
  }
  return seen;
}

describe('the source hash that says whether a site is stale and which compile it can reuse', () => {
  test('covers every file the site build and its page renderer load', async () => {
    const reached = await closure(['astro.config.mjs', 'scripts/render-site-worker.ts', 'scripts/render-merchants.ts', 'scripts/compile-sample.ts']);
    const uncovered = [...reached]
      .map((file) => relative(PROJECT_ROOT, file).split(sep).join('/'))
      .filter((file) => !SITE_SOURCES.some((source) => file === source || file.startsWith(`${source}/`)));
    expect(uncovered).toEqual([]);
    expect(reached.size).toBeGreaterThan(10);
  });

  const base = { PATH: '/usr/bin', PUBLIC_API_URL: 'https://api.example.org' };
  test.each([
    ['another API address', true, { PUBLIC_API_URL: 'https://other.example.org' }],
    ['a new PUBLIC_ setting', true, { PUBLIC_POSTHOG_KEY: 'phc_x' }],
    ['another site address', true, { SITE_URL: 'https://book.example.org' }],
    ['another provider name', true, { PROVIDER_NAME: 'Tables' }],
    ['another provider address', true, { PROVIDER_URL: 'https://example.org' }],
    ['another NODE_ENV (a compile of its own is kept, but the site is the same)', false, { NODE_ENV: 'development' }],
    ['another database', false, { DATABASE_URL: 'postgres://db/x' }],
    ['another port', false, { PORT: '9999' }],
  ])('%s: the hash changes: %s', async (_, changes, change) => {
    const [before, after] = await Promise.all([sourceHash(PROJECT_ROOT, base), sourceHash(PROJECT_ROOT, { ...base, ...change })]);
    expect(after !== before).toBe(changes);
  });
});
