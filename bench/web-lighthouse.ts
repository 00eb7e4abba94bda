/**
 * Lighthouse (mobile preset: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown) against pages of the
 * running server, driving Debian's Chromium through chrome-launcher. Never downloads a browser.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Debian's Chromium (`apt-get install -y chromium`). */
export const CHROMIUM = '/usr/bin/chromium';

/** The flags Chromium runs with. */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** What one Lighthouse run measured (scores 0 to 100, times in ms). */
export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  /** Lighthouse's estimate of this machine's speed at the time (a mid-range desktop is about 1000 to 2000). */
  benchmarkIndex: number;
  /** Audits that cost points: "category: title (value)". */
  failing: string[];
  /** Performance opportunities and diagnostics that did not pass, with their estimated savings. */
  opportunities: string[];
  warnings: string[];
  /** The element Lighthouse took as the largest contentful paint, and how its time splits (TTFB, load delay, load time, render delay). */
  lcpElement: string;
  lcpPhases: string;
}

/** Starts Chromium with a remote-debugging port (chrome-launcher picks a free one). */
export async function startChromium(): Promise<LaunchedChrome> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\``);
  return launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function numeric(lhr: Lhr, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no value for ${id}`);
  return value;
}

function failingAudits(lhr: Lhr): string[] {
  const lines: string[] = [];
  for (const [key, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      lines.push(`${key}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}, score ${Math.round(audit.score * 100)}`);
    }
  }
  return lines;
}

function opportunities(lhr: Lhr): string[] {
  const performance = lhr.categories.performance;
  if (!performance) return [];
  const lines: string[] = [];
  for (const ref of performance.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight > 0 || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode !== 'metricSavings' && audit.scoreDisplayMode !== 'numeric' && audit.scoreDisplayMode !== 'binary') continue;
    lines.push(`${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  return lines;
}

interface LcpDetails {
  items?: Array<{ items?: Array<{ node?: { snippet?: string; selector?: string }; phase?: string; timing?: number }> }>;
}

function lcpElement(lhr: Lhr): { element: string; phases: string } {
  const details = lhr.audits['largest-contentful-paint-element']?.details as LcpDetails | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  const phases = (details?.items?.[1]?.items ?? []).map((row) => `${row.phase} ${Math.round(row.timing ?? 0)} ms`).join(', ');
  // Lighthouse describes the element as the page is at the end: one removed since (a first view) has no node.
  return { element: node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim() : 'an element no longer in the page when the run ended', phases };
}

/** One Lighthouse run of `url` in the Chromium listening on `port`. */
export async function runLighthouse(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_JSON=dir keeps each run's full report, to study what a metric waited on.
  const keep = process.env.BENCH_LIGHTHOUSE_JSON;
  if (keep) {
    await mkdir(keep, { recursive: true });
    await writeFile(path.join(keep, `${new URL(url).pathname.split('/').filter(Boolean).join('_') || 'root'}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} score for ${url}`);
    return Math.round(value * 100);
  };
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing: failingAudits(lhr),
    opportunities: opportunities(lhr),
    warnings: lhr.runWarnings.map(String),
    lcpElement: lcpElement(lhr).element,
    lcpPhases: lcpElement(lhr).phases,
  };
}
