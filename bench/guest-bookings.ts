/**
 * Guests booking back to back against a running server, as the site does it: create (an anonymous draft),
 * no_account (the guest's details), validate. Each of `concurrency` guests starts its next booking as soon as the
 * last one is answered. Counts what each call answered.
 */
import type { SlotCandidate } from '../tests/support/slot-candidates.ts';
import type { Cursor } from './api-scenarios.ts';
import type { GuestMeasure } from './api-report.ts';
import { cpuMsOf, cpuMsWhenSettled, postgresCpuMs } from './process-cpu.ts';

/** What one run of guests did. */
export interface GuestRun {
  /** Bookings validated. */
  booked: number;
  /** Answers by call and outcome (`create: no_seats_available`, `validated`...). */
  counts: Record<string, number>;
  /** Every booking's time from create to the validate answer, in ms (validated ones only). */
  latencies: number[];
  seconds: number;
}

async function post(url: string, target: string, body: unknown, bearer?: string): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(`${url}${target}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

/** Runs `concurrency` guests for `seconds` on `candidates` (each used once, in turn); `phoneBase` keeps phones unique across runs. */
export async function runGuests(
  url: string,
  candidates: SlotCandidate[],
  { concurrency, seconds, phoneBase = 0 }: { concurrency: number; seconds: number; phoneBase?: number },
): Promise<GuestRun> {
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const latencies: number[] = [];
  let turn = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const guest = async () => {
    while (Date.now() < deadline && turn < candidates.length) {
      const index = turn++;
      const candidate = candidates[index]!;
      const began = performance.now();
      const created = await post(url, '/api/booking/create', {
        merchant_slug: candidate.slug,
        datetime: candidate.timestamp,
        booking_zone_id: candidate.zoneId,
        client_count: 2,
      });
      if (created.status !== 200) {
        count(`create: ${created.body.error_code ?? created.status}`);
        continue;
      }
      const phone = `+3367${String(1_000_000 + phoneBase + index).padStart(7, '0')}`;
      const details = await post(url, '/api/front/user/no_account', { firstname: 'Gus', lastname: 'Guest', phone, bookingToken: created.body.token });
      if (details.status !== 200) {
        count(`no_account: ${details.body.error_code ?? details.status}`);
        continue;
      }
      const validated = await post(url, '/api/booking/validate', { merchant_slug: candidate.slug, token: created.body.token }, details.body.access_token);
      if (validated.status !== 200) {
        count(`validate: ${validated.body.error_code ?? validated.status}`);
        continue;
      }
      count('validated');
      latencies.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, guest));
  return { booked: counts.validated ?? 0, counts, latencies, seconds: (Date.now() - started) / 1000 };
}

/** The `p`-th percentile (0-100) of `values`. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Guests booking back to back on the slots from `cursor` on (moved past those used): the server's (`pid`) CPU per booking, its messages included. */
export async function measureGuests(
  url: string,
  pid: number,
  candidates: SlotCandidate[],
  cursor: Cursor,
  { concurrency, seconds, database }: { concurrency: number; seconds: number; database?: 'postgres' },
): Promise<GuestMeasure> {
  const databaseBefore = database ? await postgresCpuMs() : 0;
  const cpuBefore = await cpuMsOf(pid);
  const run = await runGuests(url, candidates.slice(cursor.next), { concurrency, seconds, phoneBase: 2_000_000 });
  // The messages of the last bookings are sent by the server's jobs after the run: their CPU counts too.
  const cpuMs = (await cpuMsWhenSettled(pid)) - cpuBefore;
  const databaseMs = database ? (await postgresCpuMs()) - databaseBefore : undefined;
  cursor.next += Object.values(run.counts).reduce((sum, value) => sum + value, 0);
  return {
    guests: concurrency,
    booked: run.booked,
    seconds: run.seconds,
    counts: run.counts,
    p50Ms: percentile(run.latencies, 50),
    p99Ms: percentile(run.latencies, 99),
    cpuMsPerBooking: cpuMs / Math.max(1, run.booked),
    ...(databaseMs === undefined ? {} : { databaseCpuMsPerBooking: databaseMs / Math.max(1, run.booked) }),
  };
}
