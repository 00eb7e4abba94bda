import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { astroWorkingDir, isInsideFolder } from '../../scripts/build-site.ts';
import { childEnv, REPO_ROOT } from './processes.ts';

// In a folder beside the checkout whose path begins with the checkout's: /srv/couvert and /srv/couvert-site/site (the
// build's staging folder, /srv/couvert-site/.site.building-*, begins with /srv/couvert as text too).
const project = REPO_ROOT.replace(/\/+$/, '');
const beside = `${project}-site-${randomBytes(3).toString('hex')}`;
const siteDir = path.join(beside, 'site');
let api: Server;
let apiUrl: string;

beforeAll(async () => {
  // The cheapest build that renders a merchant page (whose chunks import the project's packages): one merchant.
  const listing = JSON.parse(await readFile(path.join(REPO_ROOT, 'tests/site/fixtures/merchants.json'), 'utf8'));
  const one = JSON.stringify({ ...listing, merchants: listing.merchants.slice(0, 1) });
  api = createServer((request, response) => {
    if (request.url === '/api/booking/merchants') response.writeHead(200, { 'content-type': 'application/json' }).end(one);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(beside, { recursive: true, force: true });
});

describe('a site folder beside the project whose path begins with the project\u2019s', () => {
  test.each([
    { child: `${project}/dist`, inside: true },
    { child: project, inside: true },
    { child: `${project}-site`, inside: false },
    { child: `${project}-site/.site.building-1`, inside: false },
    { child: `${project}/../elsewhere`, inside: false },
  ])('$child is inside the project: $inside (by path, not by text)', ({ child, inside }) => {
    expect(isInsideFolder(project, child)).toBe(inside);
    expect(path.resolve(astroWorkingDir(child)) === project).toBe(inside);
  });

  test('is built by `npm run build` (scripts/build-site.ts) and holds the pages', async () => {
    const child = spawn(process.execPath, ['scripts/build-site.ts', '--api', apiUrl, '--out', siteDir], {
      cwd: REPO_ROOT,
      env: childEnv({ DATA_DIR: path.join(beside, 'data') }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(output).not.toMatch(/Cannot find package/);
    expect(existsSync(path.join(siteDir, '404.html'))).toBe(true);
    expect(existsSync(path.join(siteDir, 'le-petit-zinc', 'index.html'))).toBe(true);
    expect(existsSync(path.join(siteDir, 'build-stamp.json'))).toBe(true);
  }, 600_000);
});
