/**
 * `npm run screenshots`: pictures of the site's screens at phone and desktop widths into docs/screenshots/.
 * Starts the real server on fresh data (the site built once), or uses one already running (--url http://…).
 * Table-driven: add a {name, path, setup} entry to SHOTS for each screen; `--only name,name` takes some of them.
 * Files are docs/screenshots/{name}-{width}.png. Animations are off (reduced motion) so pictures are stable.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { STAMP_FILE } from './site-stamp.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';

import { EARLY_SLUG, putClosingEarlyMerchant, TRACKING_SHOTS } from './screenshots/tracking-shots.ts';
import { ACCOUNT_SHOTS, GUEST_BOOKINGS_SHOTS } from './screenshots/account-shots.ts';
import { AUTH_SHOTS } from './screenshots/auth-shots.ts';
import { STAFF_SHOTS } from './screenshots/staff-shots.ts';
import { GUEST_SHOTS } from './screenshots/guest-shots.ts';
import { SETTINGS_SHOTS } from './screenshots/settings-shots.ts';
import { type Shot, openDinnerDay } from './screenshots/shot.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const ADMIN_TOKEN = 'screenshots-admin-token-0123456789abcdef';
const DEFAULT_WIDTHS = [390, 1280];
const BUILD_TIMEOUT_MS = 300_000;

/** The screens. Other pages add their entries here. */
export const SHOTS: Shot[] = [
  {
    name: 'provider-home',
    path: '/',
    setup: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  },
  {
    name: 'booking-home',
    path: '/le-petit-zinc',
    setup: async (page) => {
      await page.getByRole('radio', { name: '2 personnes' }).waitFor();
    },
  },
  {
    name: 'booking-home-slots',
    // A dinner day with 2 guests preset and 20:00 asked for: any area is chosen for the preset, with 20:00 picked.
    path: async ({ baseUrl }) => `/le-petit-zinc?seats=2&when=${await openDinnerDay(baseUrl)}T20:00`,
    setup: async (page) => {
      await page.getByRole('radio', { name: '20:00', checked: true }).waitFor();
      await page.getByRole('heading', { name: 'Réserver une table' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'booking-home-calendar',
    path: '/le-petit-zinc',
    fullPage: false,
    setup: async (page) => {
      await page.getByRole('button', { name: 'Autre date' }).click();
      await page.getByRole('dialog', { name: 'Choisissez une date' }).waitFor();
    },
  },
  {
    name: 'booking-home-no-table-today',
    // A restaurant whose only service today (00:00–00:30) is always over: ?asap=1 offers the next free day.
    path: async ({ baseUrl, adminToken }) => {
      await putClosingEarlyMerchant(baseUrl, adminToken);
      return `/${EARLY_SLUG}?asap=1`;
    },
    setup: async (page) => {
      await page.getByRole('button', { name: /^Réserver .+ à / }).waitFor();
    },
  },
  ...TRACKING_SHOTS,
  ...ACCOUNT_SHOTS,
  ...GUEST_BOOKINGS_SHOTS,
  ...AUTH_SHOTS,
  ...STAFF_SHOTS,
  ...GUEST_SHOTS,
  ...SETTINGS_SHOTS,
];

async function startServer(): Promise<{ server: ServerProcess; cleanup: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'couvert-shots-data-'));
  const siteDir = await mkdtemp(path.join(tmpdir(), 'couvert-shots-site-'));
  const cleanup = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(siteDir, { recursive: true, force: true });
  };
  const server = await startServerProcess({ DATA_DIR: dataDir, SITE_DIR: siteDir, ADMIN_TOKEN, BUILD_SITE: 'always', LOG_LEVEL: 'warn' });
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(path.join(siteDir, STAMP_FILE))) {
    if (server.output().includes('site build failed') || Date.now() > deadline) {
      await server.stop();
      await cleanup();
      throw new Error(`the site was not built:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { server, cleanup };
}

/** Takes every picture of `shots` against the server at baseUrl; resolves the files written. */
export async function takeScreenshots(shots: readonly Shot[], baseUrl: string, adminToken: string | undefined): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const written: string[] = [];
  try {
    for (const shot of shots) {
      for (const width of shot.widths ?? DEFAULT_WIDTHS) {
        const context = { baseUrl, adminToken, width };
        const browserContext = await browser.newContext({
          baseURL: baseUrl,
          viewport: { width, height: width < 600 ? 844 : 900 },
          deviceScaleFactor: 1,
          locale: 'fr-FR',
          reducedMotion: 'reduce',
        });
        const page = await browserContext.newPage();
        try {
          const target = typeof shot.path === 'string' ? shot.path : await shot.path(context);
          await shot.before?.(page);
          await page.goto(target, { waitUntil: 'networkidle' });
          await shot.setup?.(page, context);
          await page.waitForLoadState('networkidle');
          const file = path.join(OUT_DIR, `${shot.name}-${width}.png`);
          await page.screenshot({ path: file, fullPage: shot.fullPage ?? true, animations: 'disabled' });
          written.push(file);
          console.log(`  ${path.relative(ROOT, file)}`);
        } catch (error) {
          throw new Error(`screenshot ${shot.name} at ${width} px failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        } finally {
          await browserContext.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return written;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, only: { type: 'string' } } });
  const only = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const shots = only ? SHOTS.filter((shot) => only.includes(shot.name)) : SHOTS;
  if (shots.length === 0) throw new Error(`no screenshot named ${values.only}; known: ${SHOTS.map((shot) => shot.name).join(', ')}`);
  if (values.url) {
    await takeScreenshots(shots, values.url.replace(/\/+$/, ''), process.env.ADMIN_TOKEN);
    return;
  }
  console.log('building the site and starting the server...');
  const { server, cleanup } = await startServer();
  try {
    await takeScreenshots(shots, server.url, ADMIN_TOKEN);
  } finally {
    await server.stop();
    await cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
