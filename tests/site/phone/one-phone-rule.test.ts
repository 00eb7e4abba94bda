import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { describe, expect, test } from 'vitest';
import { phoneToSend } from '../../../src/islands/auth/parts/phone-field-state.ts';
import { allCountries, findCountry } from '../../../src/lib/phone/countries.ts';
import { phoneValue } from '../../../src/lib/phone/phone-value.ts';
import { checkContactDetails } from '../../../src/server/auth/contact-details.ts';
import type { PhoneProblem } from '../../../src/shared/phone-number.ts';

const list = allCountries('fr');
const good = { firstname: 'Camille', lastname: 'Martin', email: 'camille@example.com' };

/** What the server makes of the phone the form sends: the E.164 number, or its problem. */
function serverVerdict(text: string, selected: string): string {
  const value = phoneValue(text, findCountry(list, selected) ?? null);
  const outcome = checkContactDetails({ ...good, phone: phoneToSend({ text, value }) }, { email: 'optional', password: false });
  return outcome.ok ? outcome.value.phone : (outcome.problems.phone ?? []).join();
}

// text typed, country selected in the widget, then the E.164 number both accept or the problem both name.
const CASES: ReadonlyArray<[string, string, `+${string}` | PhoneProblem]> = [
  ['06 12 34 56 78', 'FR', '+33612345678'],
  ['06-12-34-56-78', 'FR', '+33612345678'],
  ['06.12.34.56.78', 'FR', '+33612345678'],
  [' 0612345678 ', 'FR', '+33612345678'],
  ['+33 6 12 34 56 78', 'GB', '+33612345678'],
  ['+33 (0)6 12 34 56 78', 'FR', '+33612345678'],
  ['0033 6 12 34 56 78', 'FR', '+33612345678'],
  ['0033 6 12 34 56 78', 'US', '+33612345678'],
  ['0470 12 34 56', 'BE', '+32470123456'],
  ['0470-12-34-56', 'BE', '+32470123456'],
  ['312 345 6789', 'IT', '+393123456789'],
  ['06 1234 5678', 'IT', '+390612345678'],
  ['612 34 56 78', 'ES', '+34612345678'],
  ['020 7946 0958', 'GB', '+442079460958'],
  ['079 123 45 67', 'CH', '+41791234567'],
  ['+1 201 555 0123', 'FR', '+12015550123'],
  // The default metadata calls these valid (it counts digits only): the widget used to send them, the server refused.
  ['07 00 00 00 00', 'FR', 'invalid_for_country'],
  ['+33 7 00 00 00 00', 'FR', 'invalid_for_country'],
  ['+49 123456', 'DE', 'invalid_for_country'],
  ['06 12 34 56 7', 'FR', 'invalid_for_country'],
  ['+33 6 12 34 56 7', 'FR', 'too_short'],
  ['06', 'FR', 'too_short'],
  ['06123456789', 'FR', 'too_long'],
  ['+999 123', 'FR', 'invalid_country'],
  ['abc', 'FR', 'not_a_number'],
  ['0612345678', '', 'needs_country'],
];

describe('one phone rule for the widget and the server, libphonenumber-js validity for the chosen country', () => {
  test.each(CASES)('%j with %s selected: %s on both sides', (text, selected, expected) => {
    const value = phoneValue(text, findCountry(list, selected) ?? null);
    const oracle = selected ? isValidPhoneNumber(text.replace(/^\s*00/, '+'), selected as CountryCode) : isValidPhoneNumber(text);
    expect(value.valid).toBe(oracle);
    if (expected.startsWith('+')) {
      expect(value.valid).toBe(true);
      expect(value.number).toBe(expected);
      expect(serverVerdict(text, selected)).toBe(expected);
    } else {
      expect(value.valid).toBe(false);
      expect(value.error).toBe(expected);
      expect(serverVerdict(text, selected)).toBe(`phone_${expected}`);
    }
  });
});
