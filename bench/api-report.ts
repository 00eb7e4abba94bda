/** Writes the results of `npm run bench:api` as Markdown. */
import type { Result } from 'autocannon';
import type { CallLatency } from './api-scenarios.ts';

/** One measured scenario. */
export interface Measured {
  name: string;
  result: Result;
  outcome?: Record<string, number>;
  /** Each call's latencies (the mixed load). */
  latencies?: Record<string, CallLatency>;
  /** CPU time of the server process per answered request, in microseconds. */
  serverCpuUsPerRequest: number;
}

/** Guests booking back to back as the site does (create, no_account, validate), and the server CPU each booking cost. */
export interface GuestMeasure {
  guests: number;
  booked: number;
  seconds: number;
  counts: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  /** Server process CPU over the run and until its messages were sent, per booking validated. */
  cpuMsPerBooking: number;
  /** PostgreSQL's own processes' CPU over the same window, per booking validated (PostgreSQL only). */
  databaseCpuMsPerBooking?: number;
}

/** The measurements of one database backend. */
export interface BackendRun {
  backend: string;
  detail: string;
  kind?: 'pglite' | 'postgres';
  measured: Measured[];
  guests?: GuestMeasure;
}

/**
 * The write path's targets (issue 21): a third of the server CPU per guest booking measured before (32 ms PGlite, 13 ms
 * PostgreSQL); create + validate at 50 connections at 300 bookings/s with p99 under 300 ms on PGlite, toward 1,000/s on
 * PostgreSQL; the mixed load's p99 under 100 ms.
 */
export const WRITE_TARGETS = {
  cpuMsPerBooking: { pglite: 11, postgres: 4.5 },
  bookingsPerSecond: { pglite: 300, postgres: 1000 },
  createValidateP99Ms: 300,
  mixedP99Ms: 100,
};

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
    .filter((measured) => measured.outcome && measured.name.startsWith('create + validate'))
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

const metOrMissed = (met: boolean) => (met ? 'MET' : 'MISSED');

/** The write path's targets on a backend, as lines. */
export function writeVerdicts(run: BackendRun): string[] {
  const kind = run.kind ?? 'pglite';
  const bare = run.measured[0];
  const lines: string[] = [];
  if (run.guests) {
    const g = run.guests;
    const target = WRITE_TARGETS.cpuMsPerBooking[kind];
    lines.push(
      `${metOrMissed(g.cpuMsPerBooking <= target)}: server CPU per guest booking ${fixed(g.cpuMsPerBooking, 2)} ms (target ≤ ${target} ms; ` +
        `the bare route cost ${fixed(bare?.serverCpuUsPerRequest ?? Number.NaN, 0)} µs per request in this run). ` +
        (g.databaseCpuMsPerBooking === undefined
          ? ''
          : `PostgreSQL's own processes used ${fixed(g.databaseCpuMsPerBooking, 2)} ms of CPU per booking besides. `) +
        `${g.guests} guests booked ${g.booked} in ${fixed(g.seconds)} s (${fixed(g.booked / g.seconds, 0)}/s), create to validated p50 ${fixed(g.p50Ms, 0)} ms, p99 ${fixed(g.p99Ms, 0)} ms; ` +
        `answers: ${Object.entries(g.counts)
          .map(([key, value]) => `${key} ${value}`)
          .join(', ')}.`,
    );
  }
  const createValidate = run.measured.find((measured) => measured.name.startsWith('create + validate'));
  if (createValidate) {
    const perSecond = (createValidate.outcome?.validated ?? 0) / createValidate.result.duration;
    const target = WRITE_TARGETS.bookingsPerSecond[kind];
    const p99 = createValidate.result.latency.p99;
    lines.push(
      `${metOrMissed(perSecond >= target && p99 < WRITE_TARGETS.createValidateP99Ms)}: create + validate at ${createValidate.result.connections} connections, ` +
        `${fixed(perSecond, 0)} bookings/s with p99 ${fixed(p99, 0)} ms (target ${kind === 'postgres' ? 'toward ' : '≥ '}${target}/s, p99 < ${WRITE_TARGETS.createValidateP99Ms} ms).`,
    );
  }
  const mixed = run.measured.find((measured) => measured.name.startsWith('mixed'));
  if (mixed) {
    lines.push(
      `${metOrMissed(mixed.result.latency.p99 < WRITE_TARGETS.mixedP99Ms)}: mixed load at ${mixed.result.connections} connections for ${fixed(mixed.result.duration, 0)} s, ` +
        `${fixed(mixed.result.requests.average, 0)} req/s, p50 ${fixed(mixed.result.latency.p50)} ms, p99 ${fixed(mixed.result.latency.p99)} ms (target < ${WRITE_TARGETS.mixedP99Ms} ms); answers: ` +
        `${Object.entries(mixed.outcome ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => `${key}: ${value}`)
          .join(', ')}.`,
    );
    if (mixed.latencies) lines.push(`By call, ${callLatencyLine(mixed.latencies)}`);
  }
  return lines;
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
    ...runs.flatMap((run) => [
      `## ${run.backend}`,
      '',
      run.detail,
      '',
      table(run),
      '',
      verdict(run),
      '',
      ...writeVerdicts(run).flatMap((line) => [line, '']),
      outcomes(run),
      '',
    ]),
    ...context.skipped.map((line) => `${line}\n`),
  ].join('\n');
}

/** Each call's p50, p99 and slowest answer, slowest p99 first. */
export function callLatencyLine(latencies: Record<string, CallLatency>): string {
  return `p50 / p99 / max ms: ${Object.entries(latencies)
    .sort(([, a], [, b]) => b.p99 - a.p99)
    .map(([name, { count, p50, p99, max }]) => `${name} ${fixed(p50, 0)} / ${fixed(p99, 0)} / ${fixed(max, 0)} (${count})`)
    .join(', ')}.`;
}
