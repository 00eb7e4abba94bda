import { describe, expect, test } from 'vitest';
import { notificationTargets, reminderHoursOf, reminderTimes } from '../../src/server/domain/merchant-notifications.ts';

describe('where the restaurant is told', () => {
  test.each([
    ['no notifications: nobody, in French', {}, { emails: [], lang: 'fr' }],
    ['one address', { notifications: { email: 'salle@x.example' } }, { emails: ['salle@x.example'], lang: 'fr' }],
    [
      'a list, a phone and a language',
      { notifications: { email: ['a@x.example', 'b@x.example'], phone: '+33612345678', lang: 'en' as const } },
      { emails: ['a@x.example', 'b@x.example'], phone: '+33612345678', lang: 'en' },
    ],
  ])('%s', (_case, settings, expected) => {
    expect(notificationTargets(settings)).toEqual(expected);
  });
});

describe('when the diner is reminded', () => {
  const startsAt = new Date('2026-11-25T19:00:00Z');
  test('a merchant stored before the setting gets 24 and 2 hours', () => {
    expect(reminderHoursOf({})).toEqual([24, 2]);
    expect(reminderHoursOf({ reminderHours: [] })).toEqual([]);
  });

  test.each([
    ['two days ahead: both reminders', '2026-11-23T19:00:00Z', ['2026-11-24T19:00:00.000Z', '2026-11-25T17:00:00.000Z']],
    ['three hours ahead: the 2-hour one only', '2026-11-25T16:00:00Z', ['2026-11-25T17:00:00.000Z']],
    ['one hour ahead: none', '2026-11-25T18:00:00Z', []],
    ['exactly 24 hours ahead: the 24-hour moment is already now, so only the 2-hour one', '2026-11-24T19:00:00Z', ['2026-11-25T17:00:00.000Z']],
  ])('made %s', (_case, madeAt, expected) => {
    expect(reminderTimes(startsAt, new Date(madeAt), [24, 2]).map((at) => at.toISOString())).toEqual(expected);
  });
});
