/**
 * A site build killed with SIGKILL at any moment leaves a whole site served: the old pages or the new ones, each with
 * the scripts and styles it references; the next build cleans up what the killed one left. The merchant list comes
 * from a stand-in of the API's list (the input of `npm run build`), changed before each build so each build differs.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHANGES_FILE } from '../../scripts/site-changes.ts';
import { COMPILES_DIR_ENV } from '../../scripts/site-compile-cache.ts';
import { STAMP_FILE } from '../../scripts/site-stamp.ts';
import { childEnv, REPO_ROOT, tempFolder } from './processes.ts';

let api: Server;
let apiUrl: string;
let work: string;
let siteDir: string;
/** The marker each build writes into every merchant's description. */
let version = 'v0';

beforeAll(async () => {
  const listing = JSON.parse(await readFile(path.join(REPO_ROOT, 'tests/site/fixtures/merchants.json'), 'utf8'));
  // Two merchants: the cheapest build that proves pages of several merchants never mix two builds.
  const merchants = listing.merchants.slice(0, 2);
  api = createServer((request, response) => {
    if (request.url !== '/api/booking/merchants') return void response.writeHead(404).end();
    const changed = merchants.map((merchant: { description: string }) => ({ ...merchant, description: `Build ${version}` }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...listing, merchants: changed }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  work = await tempFolder('site-kill');
  siteDir = path.join(work, 'site');
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(work, { recursive: true, force: true });
});

/** When to SIGKILL a build: so many milliseconds after it starts, or as soon as its output matches. */
type Kill = { afterMs: number } | { onOutput: string };

/** The kept compiles a build uses (scripts/site-compile-cache.ts): the project's, then one of the test's own, empty. */
let compiles: string | undefined;

/** Runs `npm run build`'s script into siteDir, killed with SIGKILL when `kill` says. */
async function build(kill?: Kill): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/build-site.ts', '--api', apiUrl, '--out', siteDir], {
    cwd: REPO_ROOT,
    env: childEnv({ DATA_DIR: path.join(work, 'data'), ...(compiles ? { [COMPILES_DIR_ENV]: path.join(work, compiles) } : {}) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const timer = kill && 'afterMs' in kill ? setTimeout(() => child.kill('SIGKILL'), kill.afterMs) : undefined;
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    if (kill && 'onOutput' in kill && output.includes(kill.onOutput)) child.kill('SIGKILL');
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

/** Every file of the site, by path from its root. */
async function siteFiles(): Promise<string[]> {
  return (await readdir(siteDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)));
}

/** Checks the served site is whole: stamped, each page's assets present, every merchant page of one build. The build's marker. */
async function servedBuild(): Promise<string> {
  const files = await siteFiles();
  expect(files).toContain(STAMP_FILE);
  const markers = new Set<string>();
  for (const page of files.filter((file) => file.endsWith('.html'))) {
    const html = await readFile(path.join(siteDir, page), 'utf8');
    for (const [, asset = ''] of html.matchAll(/"\/(_astro\/[^"?#]+)/g)) {
      // The static texts' files are named by one template, "{lang}" for each language (<meta name="couvert-texts">).
      const named = asset.includes('{lang}') ? ['fr', 'en', 'es', 'it'].map((lang) => asset.replace('{lang}', lang)) : [asset];
      for (const file of named) expect(files, `${page} references /${file}`).toContain(file);
    }
    for (const [, marker = ''] of html.matchAll(/Build (v\d+)/g)) markers.add(marker);
  }
  expect([...markers], 'every merchant page of one build').toHaveLength(1);
  return [...markers].join();
}

/** The files beside the site: its link and the one folder it points to once nothing is left over. */
async function besideSite(): Promise<string[]> {
  return (await readdir(work)).filter((name) => name !== 'data' && name !== 'compiles').sort();
}

describe('a site build killed at any moment', () => {
  test('leaves the old site or the new one, whole, and the next build cleans up after it', { timeout: 600_000 }, async () => {
    version = 'v1';
    const first = await build();
    expect(first.code, first.output).toBe(0);
    expect(await servedBuild()).toBe('v1');
    // The builds killed at random moments reuse the compile the first kept (or found): they are as long as the second.
    version = 'v2';
    const second = await build();
    expect(second.output).toContain('reused the site and page renderer');
    expect(await servedBuild()).toBe('v2');
    const buildMs = Number(/site built in ([\d.]+) s/.exec(second.output)?.[1] ?? 10) * 1000;

    // Two kills at random moments of a build, one as the build says what it changed (the instant before it swaps), and
    // one of a build compiling afresh, as its compile is done (while it keeps it for the next builds).
    const kills: Array<Kill & { compiles?: string }> = [
      { afterMs: Math.random() * buildMs },
      { afterMs: Math.random() * buildMs },
      { onOutput: `${CHANGES_FILE}:` },
      { onOutput: 'compiled the site', compiles: 'compiles' },
    ];
    let served = 'v2';
    for (const [index, kill] of kills.entries()) {
      version = `v${index + 3}`;
      compiles = kill.compiles ?? compiles;
      const killed = await build(kill);
      const now = await servedBuild();
      expect([served, version], `killed ${JSON.stringify(kill)} (exit ${killed.code}): ${killed.output}`).toContain(now);
      served = now;
    }

    version = 'v9';
    const last = await build();
    expect(last.code, last.output).toBe(0);
    expect(await servedBuild()).toBe('v9');
    const folders = await besideSite();
    expect(folders, `the link and the folder it serves, nothing a killed build left: ${folders.join(', ')}`).toHaveLength(2);
    expect(folders).toContain('site');
    // One whole compile kept (the last build's, or the killed one's if it got that far); nothing of a keeping cut short.
    const kept = await readdir(path.join(work, 'compiles'));
    expect(kept.filter((name) => name.startsWith('.'))).toEqual([]);
    expect(kept).toHaveLength(1);
    expect(await readdir(path.join(work, 'compiles', kept[0]!))).toEqual(expect.arrayContaining(['renderer', 'shared.json', 'site']));
  });
});
