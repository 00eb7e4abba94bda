/** Renders bench/results/web.md from the measured script weights and Lighthouse runs, against the targets. */
import type { LighthouseRun } from './web-lighthouse.ts';
import { total, type PageScripts, type ScriptFile } from './web-scripts.ts';

/** The site's targets; never weakened to pass. */
export const WEB_TARGETS = {
  performance: 95,
  accessibility: 100,
  lcpMs: 2000,
  cls: 0.05,
  /** JavaScript the booking home loads before it is interactive, gzip, in bytes (1 kB = 1000 bytes). */
  bookingHomeInitialGzip: 110_000,
};

/** The scripts of one route. */
export interface RouteWeight {
  route: string;
  url: string;
  scripts: PageScripts;
}

/** Every Lighthouse run of one page. */
export interface PageLighthouse {
  name: string;
  url: string;
  runs: LighthouseRun[];
}

/** What the report is made of. */
export interface WebReportInput {
  date: string;
  machine: string[];
  loadAtStart: string;
  loadAtEnd: string;
  settings: string[];
  routes: RouteWeight[];
  bookingHomeRoute: string;
  pages: PageLighthouse[];
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const pass = (ok: boolean) => (ok ? 'pass' : '**MISSED**');

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run whose performance score is the median one (its audits explain the median). */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

interface PageMedians {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function medians(runs: readonly LighthouseRun[]): PageMedians {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  return {
    performance: of((run) => run.scores.performance),
    accessibility: of((run) => run.scores.accessibility),
    bestPractices: of((run) => run.scores['best-practices']),
    seo: of((run) => run.scores.seo),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
  };
}

function fileTable(files: readonly ScriptFile[]): string[] {
  const rows = [...files].sort((a, b) => b.gzip - a.gzip);
  return [
    '| File | raw | gzip -9 | brotli 11 |',
    '|---|---:|---:|---:|',
    ...rows.map((file) => `| \`${file.path}\` | ${kB(file.raw)} | ${kB(file.gzip)} | ${kB(file.brotli)} |`),
    `| **total** (${rows.length} files) | ${kB(total(rows, 'raw'))} | ${kB(total(rows, 'gzip'))} | ${kB(total(rows, 'brotli'))} |`,
  ];
}

/** The pass/MISSED lines, one per target and page. */
export function targetRows(input: WebReportInput): Array<{ target: string; measured: string; ok: boolean }> {
  const rows: Array<{ target: string; measured: string; ok: boolean }> = [];
  const home = input.routes.find((route) => route.route === input.bookingHomeRoute);
  if (home) {
    const gzip = total(home.scripts.initial, 'gzip');
    rows.push({
      target: `JS before interaction on the booking home < ${kB(WEB_TARGETS.bookingHomeInitialGzip)} gzip`,
      measured: kB(gzip),
      ok: gzip < WEB_TARGETS.bookingHomeInitialGzip,
    });
  }
  for (const page of input.pages) {
    const m = medians(page.runs);
    rows.push(
      { target: `${page.name}: performance ≥ ${WEB_TARGETS.performance}`, measured: String(m.performance), ok: m.performance >= WEB_TARGETS.performance },
      {
        target: `${page.name}: accessibility ${WEB_TARGETS.accessibility}`,
        measured: String(m.accessibility),
        ok: m.accessibility >= WEB_TARGETS.accessibility,
      },
      { target: `${page.name}: LCP < ${WEB_TARGETS.lcpMs / 1000} s`, measured: ms(m.lcpMs), ok: m.lcpMs < WEB_TARGETS.lcpMs },
      { target: `${page.name}: CLS < ${WEB_TARGETS.cls}`, measured: m.cls.toFixed(3), ok: m.cls < WEB_TARGETS.cls },
    );
  }
  return rows;
}

/** The whole Markdown report. */
export function renderWebReport(input: WebReportInput): string {
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  push('# Site benchmark (`npm run bench:web`)', '', `Run on ${input.date}.`, '');
  push('## Machine', '', ...input.machine.map((line) => `- ${line}`));
  push(
    `- Load average (1, 5, 15 min) at the start: ${input.loadAtStart}; at the end: ${input.loadAtEnd} — anything above the benchmark's own share (other work on the machine) slows Chromium's observed tasks, which Lighthouse's simulation then scales up`,
    '',
  );
  push('## Settings', '', ...input.settings.map((line) => `- ${line}`), '');

  push('## Targets', '', '| Target | Measured | Verdict |', '|---|---:|---|');
  for (const row of targetRows(input)) push(`| ${row.target} | ${row.measured} | ${pass(row.ok)} |`);
  push('');

  push('## JavaScript per route', '');
  push(
    '"Before interaction": the scripts the served HTML references (`<script src>`, modulepreload, the component and renderer URLs of `client:load` islands) and their static imports, recursively. "Lazy": reachable only through `import()` (language catalogues, modals, the calendar, posthog-js, workbox-window), recursively. Each file is compressed on its own, as it travels; 1 kB = 1000 bytes. The targets use gzip at level 9; the Node server itself sends the copies the build wrote beside each script and stylesheet (scripts/precompress-site.ts: Brotli quality 11 to browsers that accept it, else gzip level 9; pages Brotli 4 and gzip 6), so the Brotli column is what Lighthouse\'s Chromium received. Pages have copies too (Brotli 4, gzip 6).',
    '',
  );
  push(
    '| Route | Files | Before interaction raw | gzip -9 | brotli 11 | Lazy files | Total gzip -9 (incl. lazy) | Total brotli 11 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const { route, scripts } of input.routes) {
    const all = [...scripts.initial, ...scripts.lazy];
    push(
      `| \`${route}\` | ${scripts.initial.length} | ${kB(total(scripts.initial, 'raw'))} | ${kB(total(scripts.initial, 'gzip'))} | ${kB(total(scripts.initial, 'brotli'))} | ${scripts.lazy.length} | ${kB(total(all, 'gzip'))} | ${kB(total(all, 'brotli'))} |`,
    );
  }
  push('');
  const home = input.routes.find((route) => route.route === input.bookingHomeRoute);
  if (home) {
    push(`### Booking home (\`${home.route}\`): before interaction`, '', ...fileTable(home.scripts.initial), '');
    push(`### Booking home: lazy`, '', ...fileTable(home.scripts.lazy), '');
  }

  push('## Lighthouse', '');
  for (const page of input.pages) {
    const m = medians(page.runs);
    push(`### ${page.name}`, '', `\`${page.url}\``, '');
    push(
      '| Run | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Speed index | benchmarkIndex |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    page.runs.forEach((run, index) => {
      push(
        `| ${index + 1} | ${run.scores.performance} | ${run.scores.accessibility} | ${run.scores['best-practices']} | ${run.scores.seo} | ${ms(run.fcpMs)} | ${ms(run.lcpMs)} | ${ms(run.tbtMs)} | ${run.cls.toFixed(3)} | ${ms(run.speedIndexMs)} | ${Math.round(run.benchmarkIndex)} |`,
      );
    });
    push(
      `| **median** | **${m.performance}** | **${m.accessibility}** | **${m.bestPractices}** | **${m.seo}** | ${ms(median(page.runs.map((run) => run.fcpMs)))} | **${ms(m.lcpMs)}** | **${ms(m.tbtMs)}** | **${m.cls.toFixed(3)}** | ${ms(median(page.runs.map((run) => run.speedIndexMs)))} | ${Math.round(median(page.runs.map((run) => run.benchmarkIndex)))} |`,
      '',
    );
    const typical = medianRun(page.runs);
    push(`Largest contentful paint in the median run: \`${typical.lcpElement.replaceAll('`', "'")}\` (simulated: ${typical.lcpPhases || 'no breakdown'}).`, '');
    push('Audits that cost points in the median run:', '');
    push(...(typical.failing.length > 0 ? typical.failing.map((line) => `- ${line}`) : ['- none']), '');
    push('Performance opportunities and diagnostics flagged in the median run (no weight of their own; they explain the metrics):', '');
    push(...(typical.opportunities.length > 0 ? typical.opportunities.map((line) => `- ${line}`) : ['- none']), '');
    const warnings = [...new Set(page.runs.flatMap((run) => run.warnings))];
    if (warnings.length > 0) push('Lighthouse warnings:', '', ...warnings.map((line) => `- ${line}`), '');
  }
  return `${lines.join('\n')}\n`;
}
