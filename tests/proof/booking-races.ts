/**
 * Two writes racing on one booking, over real HTTP, and the outcomes they may have: those of one of the
 * two serial orders (same answers, same final booking). Shared by the in-process and two-process proofs.
 */
import { addDaysToLocalDate, localDateOf, localToInstant } from '../../src/shared/local-time.ts';

/** The booking writes a diner or the restaurant can make. */
export type Write = 'change' | 'cancel' | 'validate' | 'refuse' | 'confirm' | 'comment';
/** Where the booking stands when the race starts. */
export type Start = 'draft' | 'pending' | 'confirmed';

/** Every write, in the order the race table lists them. */
export const WRITES: readonly Write[] = ['change', 'cancel', 'validate', 'refuse', 'confirm', 'comment'];
/** Every starting point. */
export const STARTS: readonly Start[] = ['draft', 'pending', 'confirmed'];

/** What the race looks at in a booking. */
export interface BookingState {
  status: number | null;
  clientCount: number;
  comment: string;
}

/** What a call answered: success, or its error_code. */
export type Outcome = 'ok' | string;

const CHANGED_GUESTS = 3;
const COMMENT = 'Une chaise haute, merci';

/** What `write` answers and leaves when applied alone to a booking in `state` (a merchant that confirms by hand). */
export function applySerially(write: Write, state: BookingState): { outcome: Outcome; state: BookingState } {
  const { status } = state;
  const ended = status === 25 || status === 40 ? 'canceled' : status === 30 ? 'already_done' : undefined;
  const fail = (code: string) => ({ outcome: code, state });
  const succeed = (next: Partial<BookingState>) => ({ outcome: 'ok', state: { ...state, ...next } });
  switch (write) {
    case 'change':
      // A changed confirmed booking goes back to the restaurant.
      return ended ? fail(ended) : succeed({ clientCount: CHANGED_GUESTS, status: status === 20 ? 10 : status });
    case 'comment':
      return ended ? fail(ended) : succeed({ comment: COMMENT });
    case 'cancel':
      return ended ? fail(ended) : succeed({ status: 40 });
    case 'validate':
      return ended ? fail(ended) : status === null ? succeed({ status: 10 }) : fail('already_done');
    case 'confirm':
    case 'refuse':
      if (ended) return fail(ended);
      if (status === null) return fail('invalid_transition');
      return status === 10 ? succeed({ status: write === 'confirm' ? 20 : 25 }) : fail('already_done');
  }
}

/** The answers and final booking of each serial order of two writes. */
export function serialOutcomes(first: Write, second: Write, start: BookingState) {
  const order = (firstGoesFirst: boolean) => {
    const one = applySerially(firstGoesFirst ? first : second, start);
    const two = applySerially(firstGoesFirst ? second : first, one.state);
    return { outcomes: firstGoesFirst ? [one.outcome, two.outcome] : [two.outcome, one.outcome], final: two.state };
  };
  return [order(true), order(false)];
}

/** A JSON answer. */
export interface Reply {
  status: number;
  body: any;
}

/** Where calls go: one server process, or one of two. */
export type Endpoint = (path: string, body: unknown, bearer?: string) => Promise<Reply>;

/** An endpoint on a server's base URL. */
export function httpEndpoint(baseUrl: string): Endpoint {
  return async (path, body, bearer) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
}

/** What a race needs: two endpoints (the same server twice, or two processes), a merchant and diners. */
export interface RaceWorld {
  a: Endpoint;
  b: Endpoint;
  adminToken: string;
  /** A merchant open 12:00–14:00 and 19:00–22:00 every day in Paris, confirming by hand, with no lead time and many tables. */
  slug: string;
  /** The servers' clock now. */
  now: Date;
  /** A new signed-in diner with a phone; resolves with its bearer. */
  diner(): Promise<string>;
}

/** One race and what came of it. */
export interface RaceResult {
  first: Write;
  /** How long after the first write the second left. */
  delayMs: number;
  second: Write;
  start: Start;
  outcomes: [Outcome, Outcome];
  final: BookingState;
  /** How much the booking's revision grew during the race. */
  revisionGain: number;
}

const TIMES = ['12:00', '19:00', '20:30'];
const SECOND_WRITE_DELAYS_MS = [0, 4, 2, 6];
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAYS = 12;

function outcomeOf(reply: Reply): Outcome {
  if (reply.status === 200 && reply.body.success === true) return 'ok';
  return typeof reply.body?.error_code === 'string' ? reply.body.error_code : `HTTP ${reply.status}`;
}

function stateOf(booking: { status: number | null; clientCount: number; comment: string }): BookingState {
  return { status: booking.status, clientCount: booking.clientCount, comment: booking.comment };
}

/** Sends one write of the race. */
function send(world: RaceWorld, endpoint: Endpoint, write: Write, booking: { token: string; at: number; bearer: string }): Promise<Reply> {
  const ref = { merchant_slug: world.slug, token: booking.token };
  const admin = (action: string, body: unknown) => endpoint(`/api/admin/bookings/${booking.token}/${action}`, body, world.adminToken);
  switch (write) {
    case 'change':
      return endpoint('/api/booking/create', { ...ref, datetime: booking.at, booking_zone_id: 'all', client_count: CHANGED_GUESTS }, booking.bearer);
    case 'cancel':
      return endpoint('/api/booking/cancel', ref, booking.bearer);
    case 'validate':
      return endpoint('/api/booking/validate', ref, booking.bearer);
    case 'comment':
      return endpoint('/api/booking/set_comment', { ...ref, comment: COMMENT }, booking.bearer);
    case 'confirm':
      return admin('confirm', {});
    case 'refuse':
      return admin('refuse', { reason: 'restaurant_full' });
  }
}

async function expectOk(reply: Promise<Reply>, what: string): Promise<any> {
  const answered = await reply;
  if (outcomeOf(answered) !== 'ok') throw new Error(`${what} failed: ${JSON.stringify(answered.body)}`);
  return answered.body;
}

/** Makes a booking of 2 guests at slot `index` and brings it to `start`; its token, time, diner and revision. */
async function prepare(world: RaceWorld, start: Start, index: number) {
  const firstDay = addDaysToLocalDate(localDateOf(world.now, 'Europe/Paris'), 2);
  const date = addDaysToLocalDate(firstDay, index % DAYS);
  const at = localToInstant(date, TIMES[Math.floor(index / DAYS) % TIMES.length]!, 'Europe/Paris')!.getTime() / 1000;
  const bearer = await world.diner();
  const created = await expectOk(
    world.a('/api/booking/create', { merchant_slug: world.slug, datetime: at, booking_zone_id: 'all', client_count: 2 }, bearer),
    'create',
  );
  const booking = { token: created.token as string, at, bearer };
  let revision: number = created.booking.revision;
  if (start !== 'draft') revision = (await expectOk(send(world, world.a, 'validate', booking), 'validate')).booking.revision;
  if (start === 'confirmed') revision = (await expectOk(send(world, world.a, 'confirm', booking), 'confirm')).booking.revision;
  return { booking, revision };
}

/**
 * Races every pair of writes (each with itself too) from every start, `repetitions` times: the first
 * write through endpoint a, the second through b, sent together. Races run `parallel` at a time.
 */
export async function raceEveryPair(world: RaceWorld, { repetitions, parallel }: { repetitions: number; parallel: number }): Promise<RaceResult[]> {
  const plans: Array<{ first: Write; second: Write; start: Start; delayMs: number }> = [];
  for (let rep = 0; rep < repetitions; rep++) {
    // The second write leaves a little later in some repetitions: the windows a lost update needs differ per pair.
    const delayMs = SECOND_WRITE_DELAYS_MS[rep % SECOND_WRITE_DELAYS_MS.length]!;
    for (const [i, first] of WRITES.entries()) {
      for (const second of WRITES.slice(i)) for (const start of STARTS) plans.push({ first, second, start, delayMs });
    }
  }
  const results: RaceResult[] = [];
  for (let offset = 0; offset < plans.length; offset += parallel) {
    const batch = plans.slice(offset, offset + parallel);
    const prepared = await Promise.all(batch.map((plan, i) => prepare(world, plan.start, offset + i)));
    // Every booking is ready before the first write leaves, so the pairs really overlap.
    const replies = await Promise.all(
      batch.map((plan, i) =>
        Promise.all([
          send(world, world.a, plan.first, prepared[i]!.booking),
          delay(plan.delayMs).then(() => send(world, world.b, plan.second, prepared[i]!.booking)),
        ]),
      ),
    );
    for (const [i, plan] of batch.entries()) {
      const { booking, revision } = prepared[i]!;
      const read = await expectOk(world.a('/api/booking/get', { merchant_slug: world.slug, token: booking.token }, booking.bearer), 'get');
      const [one, two] = replies[i]!;
      results.push({
        ...plan,
        outcomes: [outcomeOf(one), outcomeOf(two)],
        final: stateOf(read.booking),
        revisionGain: read.booking.revision - revision,
      });
    }
  }
  return results;
}

const START_STATES: Record<Start, BookingState> = {
  draft: { status: null, clientCount: 2, comment: '' },
  pending: { status: 10, clientCount: 2, comment: '' },
  confirmed: { status: 20, clientCount: 2, comment: '' },
};

/**
 * Why a race's result is not one of its serial orders' (answers and final booking), or why its revision
 * did not grow by one per success; undefined when it is.
 */
export function unexplained(result: RaceResult): string | undefined {
  const serial = serialOutcomes(result.first, result.second, START_STATES[result.start]);
  const matches = serial.some(
    (order) =>
      order.outcomes[0] === result.outcomes[0] && order.outcomes[1] === result.outcomes[1] && JSON.stringify(order.final) === JSON.stringify(result.final),
  );
  const successes = result.outcomes.filter((outcome) => outcome === 'ok').length;
  if (matches && result.revisionGain === successes) return undefined;
  return (
    `${result.first} vs ${result.second} (+${result.delayMs} ms) from ${result.start}: answered ${result.outcomes.join(' / ')}, ` +
    `left ${JSON.stringify(result.final)} (revision +${result.revisionGain}); serial orders give ` +
    serial.map((order) => `${order.outcomes.join(' / ')} → ${JSON.stringify(order.final)}`).join(' or ')
  );
}
