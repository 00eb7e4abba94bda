/** Writes what `npm run bench:api` measured of the slots call beside a crowded database, as Markdown. */
import { reportHead, type Measured, type ReportContext } from './api-report.ts';

/** The crowded database's slots throughput must stay at least this share of the empty one's. */
export const CROWDED_TARGET = 0.8;

/** The slots of one backend on an empty database, then on a crowded one. */
export interface CrowdedRun {
  backend: string;
  detail: string;
  measured: Array<{ crowded: boolean; bare: Measured; slots: Measured }>;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** The slots throughput of a run as a share of the bare route's on the same server, measured just before. */
const shareOfBare = (measured: CrowdedRun['measured'][number]) => measured.slots.result.requests.average / measured.bare.result.requests.average;

/**
 * Whether the crowded slots figure stayed within the target of the empty one, as a sentence. Each figure is
 * taken against the bare route of its own server, measured just before it, so what else the shared machine
 * ran during one run and not the other does not count; the raw throughputs are given too.
 */
export function crowdedVerdict(run: CrowdedRun): string {
  const empty = run.measured.find((measured) => !measured.crowded);
  const crowded = run.measured.find((measured) => measured.crowded);
  if (!empty || !crowded) return 'MISSED: not measured.';
  const share = shareOfBare(crowded) / shareOfBare(empty);
  const raw = crowded.slots.result.requests.average / empty.slots.result.requests.average;
  return (
    `${share >= CROWDED_TARGET ? 'MET' : 'MISSED'}: booking_slots/get beside the crowded database at ${fixed(share * 100)} % ` +
    `of its figure on the empty one (target ≥ ${CROWDED_TARGET * 100} %): ${fixed(shareOfBare(crowded) * 100)} % of the bare route ` +
    `against ${fixed(shareOfBare(empty) * 100)} % (raw throughput ${fixed(raw * 100)} %); p50 ${fixed(crowded.slots.result.latency.p50)} ms ` +
    `against ${fixed(empty.slots.result.latency.p50)} ms, p99 ${fixed(crowded.slots.result.latency.p99)} ms against ${fixed(empty.slots.result.latency.p99)} ms.`
  );
}

function table(run: CrowdedRun): string {
  const lines = [
    '| Database | Scenario | req/s | p50 ms | p99 ms | vs bare | server µs CPU/req | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { crowded, bare, slots } of run.measured) {
    for (const { name, result, serverCpuUsPerRequest } of [bare, slots]) {
      lines.push(
        `| ${crowded ? 'crowded' : 'empty'} | ${name} | ${fixed(result.requests.average, 0)} | ${fixed(result.latency.p50)} | ` +
          `${fixed(result.latency.p99)} | ${fixed((result.requests.average / bare.result.requests.average) * 100)} % | ` +
          `${fixed(serverCpuUsPerRequest, 0)} | ${result.non2xx} | ${result.errors + result.timeouts} |`,
      );
    }
  }
  return lines.join('\n');
}

/** The whole report. */
export function renderCrowdedReport(runs: CrowdedRun[], context: ReportContext): string {
  return [
    ...reportHead('# API benchmark beside a crowded database (`npm run bench:api`, `BENCH_MODE=crowded`)', context),
    ...runs.flatMap((run) => [`## ${run.backend}`, '', run.detail, '', table(run), '', crowdedVerdict(run), '']),
    ...context.skipped.map((line) => `${line}\n`),
  ].join('\n');
}
