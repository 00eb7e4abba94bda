/**
 * `npm run bench:web`: builds the site with the real server (a child process on temporary data and site
 * folders, BUILD_SITE=always), weighs the JavaScript of every route (before interaction and in total), runs
 * Lighthouse (mobile) on a booking home and a tracking page, and writes bench/results/web.md.
 * BENCH_LIGHTHOUSE_RUNS sets the runs per page (default 5; the report takes the median); BENCH_LIGHTHOUSE_JSON=dir
 * keeps every run's full Lighthouse report there; BENCH_WEB_FILES=1 lists every route's files before interaction.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAMP_FILE } from '../scripts/site-stamp.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.ts';
import { loadAverage, machineLines } from './machine.ts';
import { CHROME_FLAGS, CHROMIUM, runLighthouse, startChromium, type LighthouseRun } from './web-lighthouse.ts';
import { renderWebReport, targetRows, type PageLighthouse, type RouteWeight } from './web-report.ts';
import { pageScripts, total, type FetchText } from './web-scripts.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const SLUG = 'le-petit-zinc';
const BUILD_TIMEOUT_MS = 600_000;
const RESULTS = fileURLToPath(new URL('./results/web.md', import.meta.url));

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

async function post(url: string, target: string, body: unknown, bearer?: string): Promise<any> {
  const response = await fetch(`${url}${target}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok || answer.success === false) throw new Error(`${target} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Waits until the server's site build has written its stamp (it is written last). */
async function waitForSite(server: ServerProcess, siteDir: string): Promise<void> {
  const started = Date.now();
  let shown = 0;
  while (!existsSync(path.join(siteDir, STAMP_FILE))) {
    if (server.output().includes('site build failed')) throw new Error(`the site build failed:\n${server.output()}`);
    if (Date.now() - started > BUILD_TIMEOUT_MS) throw new Error(`no site after ${BUILD_TIMEOUT_MS / 1000} s:\n${server.output()}`);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    for (const line of lines.slice(shown)) log(`   server: ${line}`);
    shown = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`   site built (${((Date.now() - started) / 1000).toFixed(1)} s after the server answered)`);
}

/** A validated booking made as a guest would make it: zones, slots, create, guest session, validate. */
async function validatedBooking(url: string): Promise<string> {
  for (let days = 3; days < 60; days += 1) {
    const date = new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const { bookingZones } = await post(url, '/api/booking/booking_zones/get', { merchant_slug: SLUG, date });
    for (const zone of bookingZones as Array<{ id: string }>) {
      const { slots } = await post(url, '/api/booking/booking_slots/get', { merchant_slug: SLUG, date, bookingZoneId: zone.id, needed_seats: 2 });
      const slot = (slots as Array<{ timestamp: number; available: boolean }>).find((candidate) => candidate.available);
      if (!slot) continue;
      const { token } = await post(url, '/api/booking/create', { merchant_slug: SLUG, datetime: slot.timestamp, booking_zone_id: zone.id, client_count: 2 });
      const { access_token: bearer } = await post(url, '/api/front/user/no_account', {
        firstname: 'Camille',
        lastname: 'Durand',
        phone: '+33612345678',
        email: 'camille.durand@example.org',
        bookingToken: token,
      });
      await post(url, '/api/booking/validate', { token, merchant_slug: SLUG }, bearer);
      return token as string;
    }
  }
  throw new Error(`no free slot at ${SLUG} in 60 days`);
}

/** Reads each URL once; a missing file is an error, not a smaller number. */
function cachedFetch(): FetchText {
  const cache = new Map<string, Promise<string>>();
  return (url) => {
    let text = cache.get(url);
    if (!text) {
      text = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
        return response.text();
      });
      cache.set(url, text);
    }
    return text;
  };
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  log(`load average at the start: ${loadAtStart}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'couvert-bench-web-data-'));
  const siteDir = await mkdtemp(path.join(os.tmpdir(), 'couvert-bench-web-site-'));
  let server: ServerProcess | undefined;
  try {
    log('== starting the server (BUILD_SITE=always) and building the site');
    server = await startServerProcess({ DATA_DIR: dataDir, SITE_DIR: siteDir, BUILD_SITE: 'always', LOG_LEVEL: 'warn' });
    await waitForSite(server, siteDir);
    const url = server.url;

    log('== a validated guest booking for the tracking page');
    const token = await validatedBooking(url);
    log(`   token ${token}`);

    const routes: Array<[string, string]> = [
      ['/', '/'],
      ['/{slug}', `/${SLUG}`],
      ['/{slug}/validate/{token}', `/${SLUG}/validate/${token}`],
      ['/{slug}/booking_complete/{token}', `/${SLUG}/booking_complete/${token}`],
      ['/auth', '/auth'],
      ['/auth/login', '/auth/login'],
      ['/auth/register', '/auth/register'],
      ['/auth/forgot_password', '/auth/forgot_password'],
      ['/auth/no_account', '/auth/no_account'],
      ['/auth/onboarding', '/auth/onboarding'],
    ];
    log('== JavaScript per route');
    const fetchText = cachedFetch();
    const weights: RouteWeight[] = [];
    for (const [route, pathname] of routes) {
      const scripts = await pageScripts(`${url}${pathname}`, fetchText);
      weights.push({ route, url: pathname, scripts });
      // BENCH_WEB_FILES=1 lists each route's files before interaction, heaviest first: where a budget went.
      if (process.env.BENCH_WEB_FILES) {
        for (const file of [...scripts.initial].sort((a, b) => b.gzip - a.gzip)) log(`      ${(file.gzip / 1000).toFixed(1).padStart(6)} kB  ${file.path}`);
      }
      log(
        `   ${route.padEnd(34)} before interaction ${(total(scripts.initial, 'gzip') / 1000).toFixed(1)} kB gzip (${scripts.initial.length} files), with lazy ${(total([...scripts.initial, ...scripts.lazy], 'gzip') / 1000).toFixed(1)} kB`,
      );
    }

    log(`== Lighthouse, ${RUNS} runs per page`);
    const pages: PageLighthouse[] = [
      { name: 'Booking home', url: `/${SLUG}`, runs: [] },
      { name: 'Tracking page', url: `/${SLUG}/booking_complete/${token}`, runs: [] },
    ];
    const chrome = await startChromium();
    try {
      for (const page of pages) {
        for (let run = 1; run <= RUNS; run += 1) {
          const result: LighthouseRun = await runLighthouse(`${url}${page.url}`, chrome.port);
          page.runs.push(result);
          log(
            `   ${page.name} run ${run}: performance ${result.scores.performance}, accessibility ${result.scores.accessibility}, best practices ${result.scores['best-practices']}, SEO ${result.scores.seo}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)} (load ${loadAverage()})`,
          );
        }
      }
    } finally {
      chrome.kill();
    }

    const chromiumVersion = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
    const input = {
      date: new Date().toISOString(),
      machine: machineLines(),
      loadAtStart,
      loadAtEnd: loadAverage(),
      settings: [
        'The site is built by the real server (`node src/server/main.ts`, BUILD_SITE=always, demo merchants, temporary DATA_DIR and SITE_DIR) and every page and script is read from it over loopback',
        `Lighthouse ${lighthouseVersion}, default (mobile) preset: Moto G Power screen, simulated throttling (150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown); categories performance, accessibility, best practices, SEO; ${RUNS} runs per page, storage reset between runs, medians reported`,
        `${chromiumVersion} (\`${CHROMIUM}\`) through chrome-launcher, flags \`${CHROME_FLAGS.join(' ')}\`; its language is en-US, so the pages show English and load the English catalogue (about 4 kB gzip more than a French visitor)`,
        `Tracking page: a booking created through the API (booking_zones/get, booking_slots/get, create), a guest session (POST /api/front/user/no_account) and validate; Lighthouse opens it with no stored session, as a diner following the link in a mail would`,
      ],
      routes: weights,
      bookingHomeRoute: '/{slug}',
      pages,
    };
    await mkdir(path.dirname(RESULTS), { recursive: true });
    await writeFile(RESULTS, renderWebReport(input));
    log(`\n== targets`);
    for (const row of targetRows(input)) log(`   ${row.ok ? 'pass  ' : 'MISSED'} ${row.target}: ${row.measured}`);
    log(`\nwrote ${RESULTS}\nload average at the end: ${input.loadAtEnd}`);
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(siteDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
