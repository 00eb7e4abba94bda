/**
 * The mixed load of `npm run bench:api`: every connection turns over what diners and staff do on a busy evening, one
 * request after the other: the merchant's page, its slots, the staff day view, a signed-in diner's create and
 * validate, then the booking's page (skipped to the next round when the create was refused).
 */
import type { Request } from 'autocannon';
import type { SeededDiner } from '../tests/support/seed-diners.ts';
import type { SlotCandidate } from '../tests/support/slot-candidates.ts';
import { callLatencies, type Cursor, type Scenario, type ZoneTarget } from './api-scenarios.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** What the mixed load needs: the merchants and zones, dates, slots to book, diners and a staff member's day view. */
export interface MixedInputs {
  slugs: string[];
  targets: ZoneTarget[];
  dates: string[];
  candidates: SlotCandidate[];
  diners: SeededDiner[];
  cursor: Cursor;
  staff: { path: string; bearer: string };
}

/** The mixed scenario; its outcome counts the answers by call. */
export function mixedScenario(inputs: MixedInputs): Scenario {
  const counts: Record<string, number> = {};
  const count = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  const latencies = callLatencies();
  let turn = 0;
  const post = (
    path: string,
    name: string,
    body: (context: Record<string, unknown>) => unknown,
    bearer?: (context: Record<string, unknown>) => string,
  ): Request => ({
    method: 'POST',
    path,
    setupRequest: (request, context) => {
      const value = body(context);
      if (value === null) return null;
      latencies.sent(context);
      const headers: Record<string, string> = { ...JSON_HEADERS };
      if (bearer) headers.authorization = `Bearer ${bearer(context)}`;
      return { ...request, headers, body: JSON.stringify(value) };
    },
    onResponse: (status, _body, context) => {
      latencies.answered(name, context);
      count(`${name} ${status}`);
    },
  });
  return {
    name: 'mixed: merchant, slots, staff day view, create, validate, get (6 requests a round)',
    outcome: () => ({ ...counts }),
    latencies: () => latencies.summary(),
    requests: [
      post('/api/booking/booking_merchant/get', 'merchant', () => ({ merchant_slug: inputs.slugs[turn % inputs.slugs.length] })),
      post('/api/booking/booking_slots/get', 'slots', () => {
        const target = inputs.targets[turn % inputs.targets.length]!;
        return { merchant_slug: target.slug, date: inputs.dates[turn % inputs.dates.length], bookingZoneId: target.zoneId, needed_seats: 2 };
      }),
      {
        method: 'GET',
        path: inputs.staff.path,
        headers: { authorization: `Bearer ${inputs.staff.bearer}` },
        setupRequest: (request, context) => {
          latencies.sent(context);
          return request;
        },
        onResponse: (status, _body, context) => {
          latencies.answered('staff day view', context);
          count(`staff day view ${status}`);
        },
      },
      {
        method: 'POST',
        path: '/api/booking/create',
        setupRequest: (request, context) => {
          turn++;
          const next = inputs.cursor.next++;
          const candidate = inputs.candidates[next % inputs.candidates.length]!;
          const diner = inputs.diners[next % inputs.diners.length]!;
          context.slug = candidate.slug;
          context.bearer = diner.bearer;
          latencies.sent(context);
          return {
            ...request,
            headers: { ...JSON_HEADERS, authorization: `Bearer ${diner.bearer}` },
            body: JSON.stringify({ merchant_slug: candidate.slug, datetime: candidate.timestamp, booking_zone_id: candidate.zoneId, client_count: 2 }),
          };
        },
        onResponse: (status, body, context) => {
          latencies.answered(status === 200 ? 'create' : 'create refused', context);
          count(`create ${status}`);
          context.token = status === 200 ? (JSON.parse(body) as { token: string }).token : undefined;
        },
      },
      post(
        '/api/booking/validate',
        'validate',
        (context) => (typeof context.token === 'string' ? { merchant_slug: context.slug, token: context.token } : null),
        (context) => context.bearer as string,
      ),
      post('/api/booking/get', 'get', (context) => ({ merchant_slug: context.slug, token: context.token })),
    ],
  };
}
