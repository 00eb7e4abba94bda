import { describe, expect, test } from 'vitest';
import { isGsm7, smsSize, toGsm7 } from '../../src/server/mail/sms-segments.ts';

describe('text message segments', () => {
  test.each([
    ['', 'GSM-7', 0, 1],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    ['€'.repeat(80), 'GSM-7', 160, 1],
    [`${'a'.repeat(159)}[`, 'GSM-7', 161, 2],
    ['èéùìòÇØøÅåÆæßÉÄÖÑÜäöñüà@£$¥§¿¡', 'GSM-7', 30, 1],
    ['á'.repeat(70), 'UCS-2', 70, 1],
    ['á'.repeat(71), 'UCS-2', 71, 2],
    ['桜'.repeat(135), 'UCS-2', 135, 3],
  ] as const)('%j goes as %s, %i units, %i segment(s)', (text, encoding, length, segments) => {
    expect(smsSize(text)).toEqual({ encoding, length, segments });
  });

  test.each([
    ['Réservation confirmée à 20:00', 'Réservation confirmée à 20:00'],
    ['Café l’Étoile «chez Zoé» – ça', 'Café l\'Étoile "chez Zoé" - ca'],
    ['mié. sáb. Dirección: Ramón Núñez', 'mié. sab. Direccion: Ramon Nuñez'],
    ['Il ristorante è al completo… però', 'Il ristorante è al completo... però'],
    ['lun.\u202f25\u00a0nov.', 'lun. 25 nov.'],
    ['Sakura 桜 🍣', 'Sakura 桜 🍣'],
  ])('%j is written %j in GSM-7 where it can be', (text, expected) => {
    expect(toGsm7(text)).toBe(expected);
  });

  test('a kanji or an emoji keeps the message in UCS-2', () => {
    expect(isGsm7(toGsm7('Sakura 桜'))).toBe(false);
    expect(isGsm7(toGsm7('Ça coûte 12 € à Zoë'))).toBe(true);
  });
});
