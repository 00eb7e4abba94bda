import { describe, expect, test } from 'vitest';
import {
  ACTIONS,
  LIFE_ACTIONS,
  LIFE_STATES,
  holdsTable,
  isCancelled,
  isEnded,
  isLive,
  lifeStateOf,
  mayDinerCancel,
  mayDinerChange,
  serviceWindow,
  staffMayNow,
  statusOfState,
  statusesFrom,
  transition,
  type Actor,
  type LifeAction,
  type LifeState,
} from '../../src/shared/booking-life-cycle.ts';

const PARIS = 'Europe/Paris';
const at = (iso: string) => new Date(iso);

// A dinner booking on Wednesday 25 November 2026 at 19:30 in Paris (18:30 UTC), two hours long.
const booking = { startsAt: at('2026-11-25T18:30:00Z'), endsAt: at('2026-11-25T20:30:00Z'), localDate: '2026-11-25' };

// The moments something may happen, Paris times in the comments.
const moments = {
  dayBefore: at('2026-11-24T18:30:00Z'), // Tuesday 19:30: the booking is tomorrow
  twoHoursBefore: at('2026-11-25T16:30:00Z'), // 17:30
  halfHourBefore: at('2026-11-25T18:00:00Z'), // 19:00: an early guest
  onTime: at('2026-11-25T18:30:00Z'), // 19:30
  lateInService: at('2026-11-25T22:50:00Z'), // 23:50, after the booking's end, before midnight
  nextDay: at('2026-11-25T23:10:00Z'), // Thursday 00:10: the service is over
} as const;
type Moment = keyof typeof moments;

/** The next state, or the error code of the refusal. */
function outcomeOf(action: LifeAction, actor: Actor, from: LifeState, moment: Moment, context = { autoConfirm: false, arrived: false }): string {
  const outcome = transition(action, actor, from, booking, moments[moment], PARIS, context);
  return outcome.ok ? outcome.to : outcome.code;
}

/**
 * Every action by its actor from every state, the day before the booking (columns: draft, pending, confirmed,
 * arrived, no_show, finished, refused, cancelled). The clock's own refusals are below.
 */
const dayBefore: Record<LifeAction, [Actor, string[]]> = {
  validate: ['diner', ['pending', 'already_done', 'already_done', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled']],
  diner_change: ['diner', ['draft', 'pending', 'pending', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled']],
  confirm: ['staff', ['invalid_transition', 'confirmed', 'already_done', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled']],
  refuse: ['staff', ['invalid_transition', 'refused', 'already_done', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled']],
  client_cancel: ['diner', ['cancelled', 'cancelled', 'cancelled', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled']],
  restaurant_cancel: ['staff', ['invalid_transition', 'refused', 'refused', 'refused', 'already_done', 'already_done', 'canceled', 'canceled']],
  move: ['staff', ['invalid_transition', 'pending', 'confirmed', 'arrived', 'already_done', 'already_done', 'canceled', 'canceled']],
  arrive: [
    'staff',
    ['invalid_transition', 'invalid_transition', 'outside_service_window', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled'],
  ],
  no_show: [
    'staff',
    ['invalid_transition', 'outside_service_window', 'outside_service_window', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled'],
  ],
  finish: ['system', ['invalid_transition', 'invalid_transition', 'finished', 'finished', 'already_done', 'already_done', 'canceled', 'canceled']],
  undo: [
    'staff',
    [
      'invalid_transition',
      'invalid_transition',
      'invalid_transition',
      'outside_service_window',
      'outside_service_window',
      'invalid_transition',
      'canceled',
      'canceled',
    ],
  ],
  close_unanswered: [
    'system',
    ['invalid_transition', 'invalid_transition', 'already_done', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled'],
  ],
  expire: ['system', ['draft', 'already_done', 'already_done', 'already_done', 'already_done', 'already_done', 'canceled', 'canceled']],
};
const dayBeforeCases = LIFE_ACTIONS.flatMap((action) => LIFE_STATES.map((from, i) => [action, dayBefore[action][0], from, dayBefore[action][1][i]!] as const));

describe('the action table, the day before the booking', () => {
  test('covers every action from every state', () => {
    expect(Object.keys(dayBefore).sort()).toEqual([...LIFE_ACTIONS].sort());
    expect(dayBeforeCases).toHaveLength(13 * 8);
  });

  test.each(dayBeforeCases)('%s by %s from %s gives %s', (action, actor, from, expected) => {
    expect(outcomeOf(action, actor, from, 'dayBefore')).toBe(expected);
  });
});

describe('who may act', () => {
  test.each<[LifeAction, Actor, LifeState, string]>([
    ['confirm', 'diner', 'pending', 'invalid_transition'],
    ['client_cancel', 'staff', 'pending', 'invalid_transition'],
    ['validate', 'staff', 'draft', 'invalid_transition'],
    // Staff finish a seated diner's booking only; the system a confirmed one too.
    ['finish', 'staff', 'confirmed', 'invalid_transition'],
    ['finish', 'staff', 'arrived', 'finished'],
    ['close_unanswered', 'staff', 'pending', 'invalid_transition'],
  ])('%s by %s from %s gives %s', (action, actor, from, expected) => {
    expect(outcomeOf(action, actor, from, 'dayBefore')).toBe(expected);
  });
});

describe('what the next state depends on', () => {
  test('a validation confirms at once when the merchant confirms by itself', () => {
    expect(outcomeOf('validate', 'diner', 'draft', 'dayBefore', { autoConfirm: true, arrived: false })).toBe('confirmed');
  });

  test('a diner\u2019s change of a confirmed booking stays confirmed when the merchant confirms by itself', () => {
    expect(outcomeOf('diner_change', 'diner', 'confirmed', 'dayBefore', { autoConfirm: true, arrived: false })).toBe('confirmed');
  });

  test('an undone finish goes back to arrived when staff had marked the arrival, else there is nothing to undo', () => {
    expect(outcomeOf('undo', 'staff', 'finished', 'lateInService', { autoConfirm: false, arrived: true })).toBe('arrived');
    expect(outcomeOf('undo', 'staff', 'finished', 'lateInService', { autoConfirm: false, arrived: false })).toBe('invalid_transition');
  });
});

describe('the clock', () => {
  test.each<[LifeAction, Actor, LifeState, Moment, string]>([
    // The restaurant no longer confirms once the booking's time has come; the diner no longer cancels or changes a live booking.
    ['confirm', 'staff', 'pending', 'onTime', 'booking_time_passed'],
    ['client_cancel', 'diner', 'pending', 'onTime', 'booking_time_passed'],
    ['client_cancel', 'diner', 'confirmed', 'halfHourBefore', 'cancelled'],
    ['client_cancel', 'diner', 'draft', 'onTime', 'cancelled'],
    ['diner_change', 'diner', 'confirmed', 'onTime', 'booking_time_passed'],
    ['diner_change', 'diner', 'draft', 'onTime', 'draft'],
    ['refuse', 'staff', 'pending', 'nextDay', 'refused'],
    // Arrival: from an hour before the booking to the end of its service.
    ['arrive', 'staff', 'confirmed', 'twoHoursBefore', 'outside_service_window'],
    ['arrive', 'staff', 'confirmed', 'halfHourBefore', 'arrived'],
    ['arrive', 'staff', 'confirmed', 'onTime', 'arrived'],
    ['arrive', 'staff', 'confirmed', 'lateInService', 'arrived'],
    ['arrive', 'staff', 'confirmed', 'nextDay', 'outside_service_window'],
    ['arrive', 'staff', 'pending', 'onTime', 'invalid_transition'],
    // No-show: once the booking's time has come, until the end of its service.
    ['no_show', 'staff', 'confirmed', 'halfHourBefore', 'outside_service_window'],
    ['no_show', 'staff', 'confirmed', 'onTime', 'no_show'],
    ['no_show', 'staff', 'pending', 'onTime', 'no_show'],
    ['no_show', 'staff', 'confirmed', 'lateInService', 'no_show'],
    ['no_show', 'staff', 'confirmed', 'nextDay', 'outside_service_window'],
    ['no_show', 'staff', 'arrived', 'onTime', 'already_done'],
    // Undo: back one step for the rest of the service.
    ['undo', 'staff', 'arrived', 'onTime', 'confirmed'],
    ['undo', 'staff', 'no_show', 'onTime', 'confirmed'],
    ['undo', 'staff', 'no_show', 'nextDay', 'outside_service_window'],
    ['undo', 'staff', 'arrived', 'nextDay', 'outside_service_window'],
    // A pending booking is closed unanswered once its time has come, not before.
    ['close_unanswered', 'system', 'pending', 'twoHoursBefore', 'invalid_transition'],
    ['close_unanswered', 'system', 'pending', 'onTime', 'refused'],
  ])('%s by %s from %s at %s gives %s', (action, actor, from, moment, expected) => {
    expect(outcomeOf(action, actor, from, moment)).toBe(expected);
  });

  test('a refusal by the clock names the window', () => {
    const outcome = transition('arrive', 'staff', 'confirmed', booking, moments.dayBefore, PARIS, { autoConfirm: false });
    expect(outcome).toMatchObject({
      ok: false,
      code: 'outside_service_window',
      details: { action: 'arrive', opens_at: '2026-11-25T17:30:00.000Z', closes_at: '2026-11-25T23:00:00.000Z' },
    });
  });

  test('the window opens an hour before the booking and closes at the end of its day', () => {
    expect(serviceWindow(booking, PARIS)).toEqual({ opens: at('2026-11-25T17:30:00Z'), closes: at('2026-11-25T23:00:00Z') });
  });

  test('a late service running past midnight keeps its window two hours after the booking\u2019s end', () => {
    const late = { startsAt: at('2026-11-25T22:45:00Z'), endsAt: at('2026-11-26T00:45:00Z'), localDate: '2026-11-25' };
    expect(serviceWindow(late, PARIS).closes).toEqual(at('2026-11-26T02:45:00Z'));
  });

  test('staff may act now only where the table and the clock both allow it', () => {
    const confirmed = { ...booking, status: 20, arrived: false };
    expect(staffMayNow('arrive', confirmed, moments.onTime, PARIS)).toBe(true);
    expect(staffMayNow('arrive', confirmed, moments.dayBefore, PARIS)).toBe(false);
    expect(staffMayNow('undo', { ...confirmed, arrived: true }, moments.onTime, PARIS)).toBe(true);
  });
});

describe('states as stored', () => {
  test.each<[number | null, boolean, boolean, LifeState]>([
    [null, false, false, 'draft'],
    [10, false, false, 'pending'],
    [20, false, false, 'confirmed'],
    [20, true, false, 'arrived'],
    [30, false, true, 'no_show'],
    [30, true, false, 'finished'],
    [30, false, false, 'finished'],
    [25, false, false, 'refused'],
    [40, false, false, 'cancelled'],
  ])('status %s (arrived %s, no-show %s) is %s, stored back as its status', (status, arrived, noShow, state) => {
    expect(lifeStateOf({ status, arrived, noShow })).toBe(state);
    expect(statusOfState(state)).toBe(status);
  });

  test('every next state of the table is a state', () => {
    for (const action of LIFE_ACTIONS) {
      for (const states of Object.values(ACTIONS[action].by)) {
        for (const from of states) expect(LIFE_STATES).toContain(ACTIONS[action].to(from, { autoConfirm: false, arrived: true }) ?? 'draft');
      }
    }
  });

  test('the set-based writes select the statuses the table names', () => {
    expect(statusesFrom('finish', 'system')).toEqual([20]);
    expect(statusesFrom('expire', 'system')).toEqual([]);
  });
});

describe('the predicates both sides read', () => {
  test.each([
    [null, { live: false, holds: true, ended: false, cancelled: false, change: true, cancel: false }],
    [10, { live: true, holds: true, ended: false, cancelled: false, change: true, cancel: true }],
    [20, { live: true, holds: true, ended: false, cancelled: false, change: true, cancel: true }],
    [25, { live: false, holds: false, ended: true, cancelled: true, change: false, cancel: false }],
    [30, { live: false, holds: false, ended: true, cancelled: false, change: false, cancel: false }],
    [40, { live: false, holds: false, ended: true, cancelled: true, change: false, cancel: false }],
  ] as const)('status %s: %j', (status, expected) => {
    expect({
      live: isLive(status),
      holds: holdsTable(status),
      ended: isEnded(status),
      cancelled: isCancelled(status),
      change: mayDinerChange(status),
      cancel: mayDinerCancel(status),
    }).toEqual(expected);
  });
});
