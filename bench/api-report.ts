/** Writes the results of `npm run bench:api` as Markdown. */
import type { Result } from 'autocannon';

/** One measured scenario. */
export interface Measured {
  name: string;
  result: Result;
  outcome?: Record<string, number>;
  /** CPU time of the server process per answered request, in microseconds. */
  serverCpuUsPerRequest: number;
}

/** The measurements of one database backend. */
export interface BackendRun {
  backend: string;
  detail: string;
  measured: Measured[];
}

/** Targets the slots call must meet, relative to the bare route of the same server. */
export const TARGETS = { slotsShareOfBare: 0.25, slotsP99Ms: 25 };

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

function table(run: BackendRun): string {
  const bare = run.measured[0]!.result.requests.average;
  const lines = ['| Scenario | req/s | p50 ms | p99 ms | vs bare | server µs CPU/req | non-2xx | errors |', '|---|---:|---:|---:|---:|---:|---:|---:|'];
  for (const { name, result, serverCpuUsPerRequest } of run.measured) {
    lines.push(
      `| ${name} | ${fixed(result.requests.average, 0)} | ${fixed(result.latency.p50)} | ${fixed(result.latency.p99)} | ` +
        `${fixed((result.requests.average / bare) * 100, 1)} % | ${fixed(serverCpuUsPerRequest, 0)} | ${result.non2xx} | ${result.errors + result.timeouts} |`,
    );
  }
  return lines.join('\n');
}

function outcomes(run: BackendRun): string {
  return run.measured
    .filter((measured) => measured.outcome)
    .map(({ name, outcome, result }) => {
      // Always say how many were refused for want of seats, even none.
      const counts: Record<string, number> = { 'create: no_seats_available': 0, 'validate: no_seats_available': 0, ...outcome };
      const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
      const created = counts.created ?? 0;
      const validated = counts.validated ?? 0;
      const refusedAtValidate = entries.filter(([key]) => key.startsWith('validate:')).reduce((sum, [, value]) => sum + value, 0);
      return [
        `${name}: ${fixed(validated / result.duration, 0)} bookings validated per second.`,
        '',
        ...entries.map(([key, value]) => `- ${key}: ${value}`),
        `- created but still waiting for their validation when the run stopped: ${created - validated - refusedAtValidate}`,
      ].join('\n');
    })
    .join('\n\n');
}

/** Whether the slots call met its targets on a backend, as a sentence. */
export function verdict(run: BackendRun): string {
  const bare = run.measured[0]!.result;
  const slots = run.measured.find((measured) => measured.name.includes('booking_slots'))!.result;
  const share = slots.requests.average / bare.requests.average;
  const met = share >= TARGETS.slotsShareOfBare && slots.latency.p99 < TARGETS.slotsP99Ms;
  return (
    `${met ? 'MET' : 'MISSED'}: booking_slots/get at ${fixed(share * 100)} % of the bare route ` +
    `(target ≥ ${TARGETS.slotsShareOfBare * 100} %), p99 ${fixed(slots.latency.p99)} ms (target < ${TARGETS.slotsP99Ms} ms).`
  );
}

/** Where and how a report's runs were made. */
export interface ReportContext {
  date: string;
  machine: string[];
  settings: string[];
  skipped: string[];
}

/** A report's title, date, machine and settings, as lines. */
export function reportHead(title: string, context: ReportContext): string[] {
  return [
    title,
    '',
    `Run on ${context.date}.`,
    '',
    '## Machine',
    '',
    ...context.machine.map((line) => `- ${line}`),
    '',
    '## Settings',
    '',
    ...context.settings.map((line) => `- ${line}`),
    '',
  ];
}

/** The whole report. */
export function renderReport(runs: BackendRun[], context: ReportContext): string {
  return [
    ...reportHead('# API benchmark (`npm run bench:api`)', context),
    ...runs.flatMap((run) => [`## ${run.backend}`, '', run.detail, '', table(run), '', verdict(run), '', outcomes(run), '']),
    ...context.skipped.map((line) => `${line}\n`),
  ].join('\n');
}
