import { describe, expect, test } from 'vitest';
import type { DefinitionDraft } from '../../../src/islands/settings/definition-draft.ts';
import { dayState, usualSlots, withDay } from '../../../src/islands/settings/parts/days-model.ts';

// 2026-12-07 is a Monday (closed every week), 2026-12-09 a Wednesday.
const draft = (more: Partial<DefinitionDraft> = {}): DefinitionDraft =>
  ({
    slug: 'chez-test',
    name: 'Chez Test',
    timezone: 'Europe/Paris',
    address: { address: '1 rue', zip: '75001', city: 'Paris' },
    phone: '+33100000000',
    theme: { primary: '#123456', background: '#ffffff' },
    settings: {} as DefinitionDraft['settings'],
    shifts: [
      { day: 1, slots: [] },
      { day: 3, slots: [{ start: '19:00', end: '22:00' }] },
    ],
    closedDays: ['2026-12-25'],
    specialDays: [
      { date: '2026-12-07', slots: [{ start: '12:00', end: '14:00' }] },
      { date: '2026-12-24', reason: 'Réveillon privé', slots: [] },
    ],
    zones: [],
    ...more,
  }) as DefinitionDraft;

describe('a day of the special days in the draft', () => {
  test.each([
    ['a day with its weekday’s hours', '2026-12-09', 'normal', -1],
    ['a special opening', '2026-12-07', 'special', 0],
    ['a special day closed with a reason', '2026-12-24', 'closed', 1],
    ['a contract closed day', '2026-12-25', 'closed', -1],
  ])('%s is %s', (_case, date, kind, index) => {
    expect(dayState(draft(), date)).toMatchObject({ kind, index });
  });

  test('special hours start from the weekday’s usual slots, else one lunch', () => {
    expect(usualSlots(draft(), '2026-12-09')).toEqual([{ start: '19:00', end: '22:00' }]);
    expect(usualSlots(draft(), '2026-12-07')).toEqual([{ start: '12:00', end: '14:00' }]);
  });

  test('closing a closed day with a reason moves it from closedDays to the special days, in date order', () => {
    expect(withDay(draft(), '2026-12-25', { date: '2026-12-25', reason: 'Noël', slots: [] })).toEqual({
      closedDays: [],
      specialDays: [
        { date: '2026-12-07', slots: [{ start: '12:00', end: '14:00' }] },
        { date: '2026-12-24', reason: 'Réveillon privé', slots: [] },
        { date: '2026-12-25', reason: 'Noël', slots: [] },
      ],
    });
  });

  test('back to normal drops the day from both lists', () => {
    expect(withDay(draft(), '2026-12-07', null)).toEqual({
      closedDays: ['2026-12-25'],
      specialDays: [{ date: '2026-12-24', reason: 'Réveillon privé', slots: [] }],
    });
  });
});
