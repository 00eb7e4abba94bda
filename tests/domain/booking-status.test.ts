import { describe, test, expect } from 'vitest';
import { assertNotBegun, holdsTable, isFinishedOrCancelled, nextStatus } from '../../src/server/domain/booking-status.ts';
import type { BookingAction, TimedAction } from '../../src/server/domain/booking-status.ts';
import { BookingStatus, type BookingStatusCode } from '../../src/shared/booking-status.ts';
import { DomainError } from '../../src/server/domain/errors.ts';

type Outcome = BookingStatusCode | 'already_done' | 'canceled' | 'invalid_transition';

/** Expected outcome for every action (rows) from every current status (columns: draft, 10, 20, 25, 30, 40). */
const table: Record<BookingAction, [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome]> = {
  validate: [10, 'already_done', 'already_done', 'canceled', 'already_done', 'canceled'],
  confirm: ['invalid_transition', 20, 'already_done', 'canceled', 'already_done', 'canceled'],
  refuse: ['invalid_transition', 25, 'already_done', 'canceled', 'already_done', 'canceled'],
  restaurant_cancel: ['invalid_transition', 25, 25, 'canceled', 'already_done', 'canceled'],
  client_cancel: [40, 40, 40, 'canceled', 'already_done', 'canceled'],
  finish: ['invalid_transition', 'invalid_transition', 30, 'canceled', 'already_done', 'canceled'],
};
const statuses: Array<BookingStatusCode | null> = [null, 10, 20, 25, 30, 40];

const cases = Object.entries(table).flatMap(([action, outcomes]) => statuses.map((status, i) => [action as BookingAction, status, outcomes[i]!] as const));

/** The status reached, or the error code thrown. */
function outcomeOf(status: BookingStatusCode | null, action: BookingAction, autoConfirm: boolean): Outcome {
  try {
    return nextStatus(status, action, { autoConfirm });
  } catch (error) {
    if (error instanceof DomainError) return error.code as Outcome;
    throw error;
  }
}

describe('nextStatus', () => {
  test('the table covers every action and every status', () => {
    expect(cases).toHaveLength(6 * 6);
  });

  test.each(cases)('%s from status %s gives %s (manual confirmation)', (action, status, expected) => {
    expect(outcomeOf(status, action, false)).toBe(expected);
  });

  test.each(cases)('%s from status %s gives the same with auto-confirm, except validate -> 20', (action, status, expected) => {
    const withAuto = action === 'validate' && status === null ? 20 : expected;
    expect(outcomeOf(status, action, true)).toBe(withAuto);
  });

  test('the thrown error is a DomainError naming the status and action', () => {
    expect(() => nextStatus(40, 'confirm', { autoConfirm: false })).toThrow(DomainError);
    let caught: unknown;
    try {
      nextStatus(30, 'finish', { autoConfirm: false });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).details).toEqual({ status: 30, action: 'finish' });
  });
});

describe('status predicates', () => {
  test.each([
    [null, true, false],
    [BookingStatus.Pending, true, false],
    [BookingStatus.Confirmed, true, false],
    [BookingStatus.Refused, false, true],
    [BookingStatus.Finished, false, true],
    [BookingStatus.Cancelled, false, true],
  ] as const)('status %s holds its table: %s, finished or cancelled: %s', (status, holds, over) => {
    expect(holdsTable(status)).toBe(holds);
    expect(isFinishedOrCancelled(status)).toBe(over);
  });
});

describe('the time of a booking', () => {
  const startsAt = new Date('2026-11-25T18:30:00Z');
  const before = 'a second before it';
  const atIt = 'its start';
  const after = 'after the meal';
  const clock = { [before]: '2026-11-25T18:29:59Z', [atIt]: '2026-11-25T18:30:00Z', [after]: '2026-11-25T21:00:00Z' };
  const refusedWhenCome = (action: TimedAction, status: BookingStatusCode | null, now: keyof typeof clock) => {
    try {
      assertNotBegun(action, { status, startsAt }, new Date(clock[now]));
      return 'allowed';
    } catch (error) {
      return (error as DomainError).code;
    }
  };

  test.each([
    ['confirm', 10, before, 'allowed'],
    ['confirm', 10, atIt, 'booking_time_passed'],
    ['confirm', 10, after, 'booking_time_passed'],
    ['client_cancel', 10, before, 'allowed'],
    ['client_cancel', 10, atIt, 'booking_time_passed'],
    ['client_cancel', 20, after, 'booking_time_passed'],
    ['client_cancel', null, after, 'allowed'],
    ['change', 20, after, 'booking_time_passed'],
    ['change', null, after, 'allowed'],
  ] as const)('%s of a booking in status %s, at %s: %s', (action, status, now, expected) => {
    expect(refusedWhenCome(action, status, now)).toBe(expected);
  });
});
