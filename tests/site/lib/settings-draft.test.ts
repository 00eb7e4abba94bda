import { describe, expect, test } from 'vitest';
import { changedFields } from '../../../src/lib/settings/definition-diff.ts';
import { pathTouches, valueAt, withValueAt } from '../../../src/lib/settings/draft-path.ts';
import { hoursErrors } from '../../../src/lib/settings/local-checks.ts';
import { textIn, withTextIn } from '../../../src/lib/settings/merchant-text.ts';

describe('a value by path', () => {
  test('is read and replaced without changing the original; a missing level is made', () => {
    const root = { shifts: [{ day: 1, slots: [{ start: '12:00', end: '14:00' }] }], theme: { primary: '#000' } };
    const next = withValueAt(root, ['shifts', 0, 'slots', 0, 'end'], '15:00');
    expect(valueAt(next, ['shifts', 0, 'slots', 0, 'end'])).toBe('15:00');
    expect(root.shifts[0]!.slots[0]!.end).toBe('14:00');
    expect(next.theme).toBe(root.theme);
    expect(withValueAt({}, ['theme', 'primary'], '#fff')).toEqual({ theme: { primary: '#fff' } });
  });

  test('undefined removes an object’s key', () => {
    expect(withValueAt({ logo: '/media/a.png', name: 'A' }, ['logo'], undefined)).toEqual({ name: 'A' });
  });

  test('a fault is about a change at its field, inside it, or at a field holding it', () => {
    expect(pathTouches('shifts.1.slots.0.end', 'shifts.1.slots')).toBe(true);
    expect(pathTouches('shifts', 'shifts.1.slots.0.end')).toBe(true);
    expect(pathTouches('shifts.10', 'shifts.1')).toBe(false);
  });
});

describe('a text per language', () => {
  test('a plain string is the first language’s text', () => {
    expect(textIn('Bonjour', 'fr')).toBe('Bonjour');
    expect(textIn('Bonjour', 'en')).toBe('');
  });

  test('is saved as an object of the non-empty languages, first language first; all empty is no text', () => {
    const next = withTextIn('Bonjour', 'en', 'Hello');
    expect(next).toEqual({ fr: 'Bonjour', en: 'Hello' });
    expect(Object.keys(withTextIn({ it: 'Ciao' }, 'fr', 'Salut')!)).toEqual(['fr', 'it']);
    expect(withTextIn({ en: 'Hello' }, 'en', '')).toBeUndefined();
  });
});

describe('the hours’ checks', () => {
  test('touching openings overlap (the end is the last seating); separate ones do not', () => {
    expect(
      hoursErrors([
        {
          day: 2,
          slots: [
            { start: '12:00', end: '14:00' },
            { start: '14:00', end: '16:00' },
          ],
        },
      ]),
    ).toEqual({
      'shifts.0.slots.1.start': 'settings.hours.errors.overlap',
    });
    expect(
      hoursErrors([
        {
          day: 2,
          slots: [
            { start: '19:00', end: '22:00' },
            { start: '12:00', end: '14:00' },
          ],
        },
      ]),
    ).toEqual({});
  });

  test.each([
    ['a late service past midnight, ending by 06:00 the next day', { start: '19:00', end: '01:00' }, {}],
    ['a service ending at 06:00 the next day', { start: '22:00', end: '06:00' }, {}],
    ['one seating (the end is the last seating)', { start: '12:00', end: '12:00' }, {}],
    ['an end before the start in the day', { start: '12:00', end: '11:00' }, { 'shifts.0.slots.0.end': 'settings.hours.errors.endBeforeStart' }],
    ['an end past 06:00 the next day', { start: '19:00', end: '06:30' }, { 'shifts.0.slots.0.end': 'settings.hours.errors.endBeforeStart' }],
  ])('%s', (_name, slot, errors) => {
    expect(hoursErrors([{ day: 5, slots: [slot] }])).toEqual(errors);
  });

  test('a service past midnight overlaps an opening it runs into', () => {
    const slots = [
      { start: '19:00', end: '01:00' },
      { start: '20:00', end: '21:00' },
    ];
    expect(hoursErrors([{ day: 5, slots }])).toEqual({ 'shifts.0.slots.1.start': 'settings.hours.errors.overlap' });
  });

  test('an empty time is not a time', () => {
    expect(hoursErrors([{ day: 3, slots: [{ start: '', end: '14:00' }] }])).toEqual({ 'shifts.0.slots.0.start': 'settings.hours.errors.time' });
  });
});

describe('what another save changed', () => {
  test('the top-level fields that differ, key order aside', () => {
    expect(
      changedFields({ name: 'A', theme: { primary: '#000', background: '#fff' }, x: 1 }, { theme: { background: '#fff', primary: '#000' }, name: 'B' }),
    ).toEqual(['name', 'x']);
  });
});
