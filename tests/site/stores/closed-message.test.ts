import { describe, expect, test } from 'vitest';
import { errorMessage, translate } from '../../../src/i18n/i18n.ts';
import { closedMessage } from '../../../src/stores/booking-writes.ts';

describe('a merchant_closed refusal names what is closed', () => {
  test.each([
    {
      body: { closed: 'shift', meal: 'lunch', from: '12:00', until: '14:00' },
      fr: 'Le service du déjeuner est fermé ce jour-là : choisissez un autre horaire.',
    },
    { body: { closed: 'shift', meal: 'dinner', from: '19:00', until: '22:00' }, fr: 'Le service du dîner est fermé ce jour-là : choisissez un autre horaire.' },
    {
      body: { closed: 'range', from: '15:00', until: '16:30' },
      fr: 'Le restaurant ne prend pas de réservation entre 15:00 et 16:30 ce jour-là : choisissez un autre horaire.',
    },
    { body: { closed: 'day' }, fr: 'Le restaurant est fermé ce jour-là.' },
    // An older server, or a day closed by the definition: the day.
    { body: {}, fr: 'Le restaurant est fermé ce jour-là.' },
    // Hostile details are not printed.
    { body: { closed: 'range', from: '<b>', until: '16:30' }, fr: 'Le restaurant est fermé ce jour-là.' },
  ])('$body', ({ body, fr }) => {
    const { code, vars } = closedMessage(body);
    expect(errorMessage('fr', code, vars)).toBe(fr);
  });

  test('in the four languages', () => {
    expect(['fr', 'en', 'es', 'it'].map((lang) => translate(lang as 'fr', 'error.merchant_closed_lunch'))).toEqual([
      'Le service du déjeuner est fermé ce jour-là : choisissez un autre horaire.',
      'Lunch is closed that day: please choose another time.',
      'El servicio de almuerzo está cerrado ese día: elija otra hora.',
      'Il pranzo è chiuso quel giorno: scegliete un altro orario.',
    ]);
  });
});
