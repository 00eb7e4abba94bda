/** The load scenarios of `npm run bench:api`: what each autocannon connection sends, and what it counts. */
import type { Request } from 'autocannon';
import type { SeededDiner } from '../tests/support/seed-diners.ts';
import type { SlotCandidate } from '../tests/support/slot-candidates.ts';

/** A scenario: autocannon's request sequence, and a summary of the answers it saw. */
export interface Scenario {
  name: string;
  requests: Request[];
  /** What the answers said, beyond HTTP statuses (create+validate only). */
  outcome?: () => Record<string, number>;
  /** Each call's latency percentiles, in ms (the mixed load only: which of its calls make its p99). */
  latencies?: () => Record<string, CallLatency>;
}

/** One call's latency over a run. */
export interface CallLatency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Collects each call's latencies: `sent` when a request goes out, `answered` when its answer is read. */
export function callLatencies(now: () => number = () => performance.now()) {
  const samples = new Map<string, number[]>();
  return {
    sent(context: Record<string, unknown>): void {
      context.sentAt = now();
    },
    answered(name: string, context: Record<string, unknown>): void {
      const list = samples.get(name) ?? [];
      list.push(now() - (context.sentAt as number));
      samples.set(name, list);
    },
    summary(): Record<string, CallLatency> {
      // Nearest rank: the smallest latency at least `share` of the answers did not exceed.
      const at = (sorted: number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
      return Object.fromEntries(
        [...samples].map(([name, list]) => {
          const sorted = list.toSorted((a, b) => a - b);
          return [name, { count: sorted.length, p50: at(sorted, 0.5), p99: at(sorted, 0.99), max: sorted.at(-1)! }];
        }),
      );
    },
  };
}

/** A (merchant, zone) pair to ask slots of. */
export interface ZoneTarget {
  slug: string;
  zoneId: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** The next candidate slot to book: shared by the scenarios of one server, so none books a slot another took. */
export interface Cursor {
  next: number;
}

/** GET of one path (the bare route, the readiness check). */
export function getScenario(name: string, path: string): Scenario {
  return { name, requests: [{ method: 'GET', path }] };
}

/** booking_merchant/get, turning over the merchants. */
export function merchantScenario(slugs: string[]): Scenario {
  let turn = 0;
  return {
    name: 'POST /api/booking/booking_merchant/get',
    requests: [
      {
        method: 'POST',
        path: '/api/booking/booking_merchant/get',
        headers: JSON_HEADERS,
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ merchant_slug: slugs[turn++ % slugs.length] }) }),
      },
    ],
  };
}

/** booking_slots/get, turning over every merchant, zone and coming date. */
export function slotsScenario(targets: ZoneTarget[], dates: string[], name = 'POST /api/booking/booking_slots/get'): Scenario {
  let turn = 0;
  return {
    name,
    requests: [
      {
        method: 'POST',
        path: '/api/booking/booking_slots/get',
        headers: JSON_HEADERS,
        setupRequest: (request) => {
          const target = targets[turn % targets.length]!;
          const date = dates[Math.floor(turn / targets.length) % dates.length]!;
          turn++;
          return {
            ...request,
            body: JSON.stringify({ merchant_slug: target.slug, date, bookingZoneId: target.zoneId, needed_seats: 2 }),
          };
        },
      },
    ],
  };
}

/**
 * A signed-in diner creates a draft on the next candidate slot, then validates it: two requests per
 * round, the second skipped when the first was refused. Counts what each step answered.
 */
export function createValidateScenario(candidates: SlotCandidate[], diners: SeededDiner[], cursor: Cursor = { next: 0 }): Scenario {
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const errorOf = (body: string): string => {
    try {
      return (JSON.parse(body) as { error_code?: string }).error_code ?? 'unknown';
    } catch {
      return 'not_json';
    }
  };
  return {
    name: 'create + validate (2 requests per booking)',
    outcome: () => ({ ...counts }),
    requests: [
      {
        method: 'POST',
        path: '/api/booking/create',
        setupRequest: (request, context) => {
          const turn = cursor.next++;
          const candidate = candidates[turn % candidates.length]!;
          const diner = diners[turn % diners.length]!;
          context.slug = candidate.slug;
          context.bearer = diner.bearer;
          return {
            ...request,
            headers: { ...JSON_HEADERS, authorization: `Bearer ${diner.bearer}` },
            body: JSON.stringify({
              merchant_slug: candidate.slug,
              datetime: candidate.timestamp,
              booking_zone_id: candidate.zoneId,
              client_count: 2,
            }),
          };
        },
        onResponse: (status, body, context) => {
          if (status === 200) {
            count('created');
            context.token = (JSON.parse(body) as { token: string }).token;
          } else {
            count(`create: ${errorOf(body)}`);
            context.token = undefined;
          }
        },
      },
      {
        method: 'POST',
        path: '/api/booking/validate',
        setupRequest: (request, context) => {
          if (typeof context.token !== 'string') return null;
          return {
            ...request,
            headers: { ...JSON_HEADERS, authorization: `Bearer ${context.bearer as string}` },
            body: JSON.stringify({ merchant_slug: context.slug, token: context.token }),
          };
        },
        onResponse: (status, body) => {
          count(status === 200 ? 'validated' : `validate: ${errorOf(body)}`);
        },
      },
    ],
  };
}
