import { expect, test } from 'vitest';
import { typedPhoneToInternational } from '../../../src/lib/phone/typed-phone.ts';

test.each([
  ['a French national number at a French restaurant', '06 12 34 56 78', '+33 1 42 00 00 00', '+33612345678'],
  ['an international number anywhere', '+39 312 345 6789', '+33 1 42 00 00 00', '+393123456789'],
  ['an Italian national number at an Italian restaurant', '312 345 6789', '+39 06 1234 5678', '+393123456789'],
  ['a national number when the restaurant’s country is unknown', '06 12 34 56 78', null, '06 12 34 56 78'],
  ['text that is no number', ' ring me ', '+33 1 42 00 00 00', 'ring me'],
])('%s', (_case, typed, merchantPhone, expected) => {
  expect(typedPhoneToInternational(typed, merchantPhone)).toBe(expected);
});
