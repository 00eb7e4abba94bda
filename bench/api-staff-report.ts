/** Writes what `npm run bench:api` measured of the staff day view of a full day, beside the bare route, as Markdown. */
import { reportHead, type Measured, type ReportContext } from './api-report.ts';

/** The staff day view of a 400-booking day must answer within this at the 99th percentile. */
export const STAFF_DAY_P99_MS = 50;

/** The bare route and the staff day view of one backend, measured on one server one after the other. */
export interface StaffDayRun {
  backend: string;
  detail: string;
  /** How many bookings the measured day view answered. */
  bookings: number;
  bare: Measured;
  day: Measured;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** Whether the day view met its target, as a sentence. */
export function staffDayVerdict(run: StaffDayRun): string {
  const { latency, requests } = run.day.result;
  const met = latency.p99 < STAFF_DAY_P99_MS && run.day.result.non2xx === 0;
  return (
    `${met ? 'MET' : 'MISSED'}: the staff day view of ${run.bookings} bookings at p99 ${fixed(latency.p99)} ms (target < ${STAFF_DAY_P99_MS} ms), ` +
    `${fixed(requests.average, 0)} req/s, ${fixed((requests.average / run.bare.result.requests.average) * 100)} % of the bare route.`
  );
}

function table(run: StaffDayRun): string {
  const lines = ['| Scenario | req/s | p50 ms | p99 ms | vs bare | server µs CPU/req | non-2xx | errors |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const { name, result, serverCpuUsPerRequest } of [run.bare, run.day]) {
    lines.push(
      `| ${name} | ${fixed(result.requests.average, 0)} | ${fixed(result.latency.p50)} | ${fixed(result.latency.p99)} | ` +
        `${fixed((result.requests.average / run.bare.result.requests.average) * 100)} % | ${fixed(serverCpuUsPerRequest, 0)} | ${result.non2xx} | ` +
        `${result.errors + result.timeouts} |`,
    );
  }
  return lines.join('\n');
}

/** The whole report. */
export function renderStaffDayReport(runs: StaffDayRun[], context: ReportContext, notes: string[]): string {
  return [
    ...reportHead('# Staff day view benchmark (`npm run bench:api`, `BENCH_MODE=staff`)', context),
    ...runs.flatMap((run) => [`## ${run.backend}`, '', run.detail, '', table(run), '', staffDayVerdict(run), '']),
    ...(notes.length ? ['## Notes', '', ...notes.map((line) => `- ${line}`), ''] : []),
    ...context.skipped.map((line) => `${line}\n`),
  ].join('\n');
}
