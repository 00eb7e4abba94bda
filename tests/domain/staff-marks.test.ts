import { describe, expect, test } from 'vitest';
import { arrivedMark, finishMark, noShowMark, undoMark } from '../../src/server/domain/staff-marks.ts';
import { serviceWindow } from '../../src/shared/service-window.ts';
import { DomainError } from '../../src/server/domain/errors.ts';

const PARIS = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

// A dinner booking on Wednesday 25 November 2026 at 19:30 in Paris (18:30 UTC), two hours long.
const base = {
  startsAt: at('2026-11-25T18:30:00Z'),
  endsAt: at('2026-11-25T20:30:00Z'),
  localDate: '2026-11-25',
  arrivedAt: null as Date | null,
  noShowAt: null as Date | null,
  holdsTable: true,
};
const states = {
  pending: { ...base, status: 10 },
  confirmed: { ...base, status: 20 },
  arrived: { ...base, status: 20, arrivedAt: at('2026-11-25T18:20:00Z') },
  no_show: { ...base, status: 30, noShowAt: at('2026-11-25T18:45:00Z'), holdsTable: false },
  finished: { ...base, status: 30, arrivedAt: at('2026-11-25T18:20:00Z'), holdsTable: false },
  swept: { ...base, status: 30, holdsTable: false },
  cancelled: { ...base, status: 25, holdsTable: false },
} as const;
type State = keyof typeof states;

// The moments staff may press a button, Paris times in the comments.
const moments = {
  dayBefore: at('2026-11-24T18:30:00Z'), // Tuesday 19:30: the booking is tomorrow
  twoHoursBefore: at('2026-11-25T16:30:00Z'), // 17:30
  halfHourBefore: at('2026-11-25T18:00:00Z'), // 19:00: an early guest
  onTime: at('2026-11-25T18:30:00Z'), // 19:30
  lateInService: at('2026-11-25T22:50:00Z'), // 23:50, after the booking's end, before midnight
  nextDay: at('2026-11-25T23:10:00Z'), // Thursday 00:10: the service is over
} as const;
type Moment = keyof typeof moments;

type Action = 'arrived' | 'no_show' | 'finish' | 'undo';
const run: Record<Action, (state: State, now: Date) => unknown> = {
  arrived: (state, now) => arrivedMark(states[state], now, PARIS),
  no_show: (state, now) => noShowMark(states[state], now, PARIS),
  finish: (state) => finishMark(states[state]),
  undo: (state, now) => undoMark(states[state], now, PARIS),
};

/** What a mark leads to: the booking's new state, or the error code it is refused with. */
function outcomeOf(action: Action, state: State, now: Date): string {
  try {
    const values = run[action](state, now) as { status?: number; arrivedAt?: Date | null; noShowAt?: Date | null };
    if (action === 'arrived') return 'arrived';
    if (action === 'no_show') return 'no_show';
    if (action === 'finish') return 'finished';
    return values.arrivedAt === null ? 'confirmed' : 'arrived';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

const cases: Array<[Action, State, Moment, string]> = [
  // Arrival: a confirmed booking, from an hour before its time to the end of its service.
  ['arrived', 'confirmed', 'dayBefore', 'outside_service_window'],
  ['arrived', 'confirmed', 'twoHoursBefore', 'outside_service_window'],
  ['arrived', 'confirmed', 'halfHourBefore', 'arrived'],
  ['arrived', 'confirmed', 'onTime', 'arrived'],
  ['arrived', 'confirmed', 'lateInService', 'arrived'],
  ['arrived', 'confirmed', 'nextDay', 'outside_service_window'],
  ['arrived', 'pending', 'onTime', 'invalid_transition'],
  ['arrived', 'arrived', 'onTime', 'already_done'],
  ['arrived', 'no_show', 'onTime', 'already_done'],
  ['arrived', 'cancelled', 'onTime', 'canceled'],
  // No-show: once its time has come, until the end of its service.
  ['no_show', 'confirmed', 'dayBefore', 'outside_service_window'],
  ['no_show', 'confirmed', 'halfHourBefore', 'outside_service_window'],
  ['no_show', 'confirmed', 'onTime', 'no_show'],
  ['no_show', 'pending', 'onTime', 'no_show'],
  ['no_show', 'confirmed', 'lateInService', 'no_show'],
  ['no_show', 'confirmed', 'nextDay', 'outside_service_window'],
  ['no_show', 'arrived', 'onTime', 'already_done'],
  ['no_show', 'cancelled', 'onTime', 'canceled'],
  // Finish: only once the diner has arrived.
  ['finish', 'confirmed', 'dayBefore', 'invalid_transition'],
  ['finish', 'confirmed', 'onTime', 'invalid_transition'],
  ['finish', 'pending', 'onTime', 'invalid_transition'],
  ['finish', 'arrived', 'onTime', 'finished'],
  ['finish', 'finished', 'onTime', 'already_done'],
  ['finish', 'cancelled', 'onTime', 'canceled'],
  // Undo: back one step for the rest of the service.
  ['undo', 'arrived', 'onTime', 'confirmed'],
  ['undo', 'no_show', 'onTime', 'confirmed'],
  ['undo', 'finished', 'lateInService', 'arrived'],
  ['undo', 'no_show', 'nextDay', 'outside_service_window'],
  ['undo', 'arrived', 'nextDay', 'outside_service_window'],
  ['undo', 'confirmed', 'onTime', 'invalid_transition'],
  ['undo', 'pending', 'onTime', 'invalid_transition'],
  ['undo', 'swept', 'onTime', 'invalid_transition'],
  ['undo', 'cancelled', 'onTime', 'canceled'],
];

describe('staff marks happen only around the booking\u2019s time', () => {
  test.each(cases)('%s on a %s booking at %s gives %s', (action, state, moment, expected) => {
    expect(outcomeOf(action, state, moments[moment])).toBe(expected);
  });

  test('an undone no-show or finish holds its table again', () => {
    expect(undoMark(states.no_show, moments.onTime, PARIS)).toMatchObject({ status: 20, noShowAt: null, arrivedAt: null, holdsTable: true });
    expect(undoMark(states.finished, moments.onTime, PARIS)).toEqual({ status: 20, noShowAt: null, holdsTable: true, holdExpiresAt: null });
  });

  test('the window opens an hour before the booking and closes at the end of its day', () => {
    expect(serviceWindow(base, PARIS)).toEqual({ opens: at('2026-11-25T17:30:00Z'), closes: at('2026-11-25T23:00:00Z') });
  });

  test('a late service running past midnight keeps its window two hours after the booking\u2019s end', () => {
    const late = { startsAt: at('2026-11-25T22:45:00Z'), endsAt: at('2026-11-26T00:45:00Z'), localDate: '2026-11-25' };
    expect(serviceWindow(late, PARIS).closes).toEqual(at('2026-11-26T02:45:00Z'));
  });

  test('the refusal names the window', () => {
    try {
      arrivedMark(states.confirmed, moments.dayBefore, PARIS);
      expect.unreachable();
    } catch (error) {
      expect((error as DomainError).details).toMatchObject({ opens_at: '2026-11-25T17:30:00.000Z', closes_at: '2026-11-25T23:00:00.000Z' });
    }
  });
});
