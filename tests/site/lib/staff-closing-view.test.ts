import { describe, expect, test } from 'vitest';
import { closeRequest, rangeOnClock, sortClosings } from '../../../src/lib/staff/closing-view.ts';
import type { StaffClosing } from '../../../src/shared/api/staff.ts';

const PARIS = 'Europe/Paris';
const closing = (over: Partial<StaffClosing>): StaffClosing => ({
  id: 'x',
  kind: 'range',
  day: '2026-11-27',
  shift_id: null,
  starts_at: '2026-11-27T18:00:00.000Z',
  ends_at: '2026-11-27T19:30:00.000Z',
  ...over,
});

describe('closeRequest turns the dialog\u2019s choice into the call', () => {
  test.each([
    ['the whole day, with its note trimmed', { kind: 'day' } as const, ' Mariage ', { kind: 'day', day: '2026-11-27', note: 'Mariage' }],
    ['a service, without a note', { kind: 'shift', serviceId: '5-1' } as const, '  ', { kind: 'shift', day: '2026-11-27', shift_id: '5-1' }],
    [
      'a range on the merchant\u2019s clock, as instants',
      { kind: 'range', from: '19:00', until: '20:30' } as const,
      '',
      { kind: 'range', starts_at: '2026-11-27T18:00:00.000Z', ends_at: '2026-11-27T19:30:00.000Z' },
    ],
    ['no service picked', { kind: 'shift', serviceId: '' } as const, '', { invalid: 'service' }],
    ['a range ending at its start', { kind: 'range', from: '19:00', until: '19:00' } as const, '', { invalid: 'range' }],
    ['a range ending before it starts', { kind: 'range', from: '21:00', until: '19:00' } as const, '', { invalid: 'range' }],
    ['a range without its end', { kind: 'range', from: '21:00', until: '' } as const, '', { invalid: 'range' }],
  ])('%s', (_what, choice, note, expected) => {
    expect(closeRequest('2026-11-27', PARIS, choice, note)).toEqual(expected);
  });

  test('a range starting in the spring-forward gap cannot be asked for', () => {
    expect(closeRequest('2027-03-28', PARIS, { kind: 'range', from: '02:30', until: '04:00' }, '')).toEqual({ invalid: 'range' });
  });
});

describe('sortClosings and rangeOnClock draw the day\u2019s closings', () => {
  test('sorts the whole day, the services by id and the ranges by start', () => {
    const day = closing({ id: 'd', kind: 'day' });
    const lunch = closing({ id: 's', kind: 'shift', shift_id: '5-0' });
    const late = closing({ id: 'r2', starts_at: '2026-11-27T20:00:00.000Z' });
    const early = closing({ id: 'r1' });
    const sorted = sortClosings([late, lunch, day, early]);
    expect(sorted.day).toBe(day);
    expect([...sorted.services]).toEqual([['5-0', lunch]]);
    expect(sorted.ranges.map((range) => range.id)).toEqual(['r1', 'r2']);
  });

  test('a range ending past midnight ends on the next day', () => {
    expect(rangeOnClock(closing({ ends_at: '2026-11-28T09:00:00.000Z' }), PARIS)).toEqual({
      start: { day: '2026-11-27', time: '19:00' },
      end: { day: '2026-11-28', time: '10:00' },
    });
  });
});
