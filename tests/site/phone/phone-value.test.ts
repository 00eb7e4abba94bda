import { describe, expect, test, vi } from 'vitest';
import { allCountries, findCountry } from '../../../src/lib/phone/countries.ts';
import {
  normalizeMode,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_PARSE_MAX_LENGTH,
  PHONE_PLACEHOLDER,
  phoneParseError,
  phoneValue,
  resolveMode,
  textForCountry,
} from '../../../src/lib/phone/phone-value.ts';

const list = allCountries('fr');
const country = (iso2: string) => findCountry(list, iso2)!;

describe('the widget constants (spec section 9)', () => {
  test('maxlength 25, parsed text at most 250, the French placeholder', () => {
    expect([PHONE_INPUT_MAX_LENGTH, PHONE_PARSE_MAX_LENGTH, PHONE_PLACEHOLDER]).toEqual([25, 250, 'Entrez votre numéro de téléphone']);
  });
});

describe('validity: valid or possible for the selected country, a leading plus meaning international', () => {
  test.each([
    // text, selected, valid, possible, countryCode, nationalNumber, E.164
    ['06 12 34 56 78', 'FR', true, true, 'FR', '612345678', '+33612345678'],
    ['0612345678', 'FR', true, true, 'FR', '612345678', '+33612345678'],
    ['+33 6 12 34 56 78', 'GB', true, true, 'FR', '612345678', '+33612345678'],
    ['+44 20 7946 0958', 'FR', true, true, 'GB', '2079460958', '+442079460958'],
    ['020 7946 0958', 'GB', true, true, 'GB', '2079460958', '+442079460958'],
    ['470 12 34 56', 'BE', true, true, 'BE', '470123456', '+32470123456'],
    ['06 12 34 56 7', 'FR', false, true, 'FR', '061234567', '+33061234567'],
    ['06', 'FR', false, false, 'FR', '06', '+3306'],
    ['abc', 'FR', false, false, undefined, undefined, undefined],
    ['', 'FR', false, false, undefined, undefined, undefined],
  ])('%j with %s selected: valid %s, possible %s, country %s', (text, selected, valid, possible, countryCode, nationalNumber, number) => {
    const value = phoneValue(text, country(selected));
    expect({
      valid: value.valid,
      possible: value.possible,
      countryCode: value.countryCode,
      nationalNumber: value.nationalNumber,
      number: value.number,
    }).toEqual({
      valid,
      possible,
      countryCode,
      nationalNumber,
      number,
    });
    expect(value.country?.iso2).toBe(selected);
  });

  test('a number of a country outside the allowed list is invalid and has no country', () => {
    const allowed = [country('FR'), country('BE')];
    const value = phoneValue('+44 20 7946 0958', country('FR'), { allowed });
    expect([value.valid, value.countryCode]).toEqual([false, undefined]);
    expect(phoneValue('+32 470 12 34 56', country('FR'), { allowed }).valid).toBe(true);
  });
});

describe('formatting by mode (auto: international when a plus leads, else national)', () => {
  test.each([
    ['06 12 34 56 78', 'international', '+33 6 12 34 56 78'],
    ['06 12 34 56 78', 'national', '06 12 34 56 78'],
    ['0612345678', 'auto', '06 12 34 56 78'],
    ['+33612345678', 'auto', '+33 6 12 34 56 78'],
    ['+33612345678', 'national', '06 12 34 56 78'],
    ['0612', 'international', '0612'],
    ['01 23 45 67 89 ext. 12', 'international', '+33 1 23 45 67 89 ext. 12'],
    ['01 23 45 67 89 x12', 'national', '01 23 45 67 89 ext. 12'],
  ])('%j in mode %s is written %j', (text, mode, formatted) => {
    expect(phoneValue(text, country('FR'), { mode }).formatted).toBe(formatted);
  });

  test.each([
    ['auto', '+33 6', 'international'],
    ['auto', '06', 'national'],
    ['national', '+33 6', 'national'],
    ['international', '06', 'international'],
  ])('mode %s for %j resolves to %s', (mode, text, expected) => {
    expect(resolveMode(mode, text)).toBe(expected);
  });

  test('an invalid mode logs an error and uses international', () => {
    const logError = vi.fn();
    expect(normalizeMode('e164', logError)).toBe('international');
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError.mock.calls[0]![0]).toContain('mode');
    expect(phoneValue('0612345678', country('FR'), { mode: 'e164', logError }).formatted).toBe('+33 6 12 34 56 78');
  });
});

describe('parser errors: not a number, too short, too long, invalid country', () => {
  test.each([
    ['abc', 'FR', 'not_a_number'],
    ['06', 'FR', 'too_short'],
    ['+33', 'FR', 'too_short'],
    ['06123456789', 'FR', 'too_long'],
    ['0612345678901234', 'FR', 'too_long'],
    ['+999 123', 'FR', 'invalid_country'],
    ['0612345678', null, 'needs_country'],
    ['0'.repeat(PHONE_PARSE_MAX_LENGTH + 1), 'FR', 'too_long'],
    ['06 12 34 56 78', 'FR', null],
    ['+44 20 7946 0958', 'FR', null],
    ['', 'FR', null],
    ['   ', 'FR', null],
  ])('%j with %s selected: %s', (text, selected, error) => {
    expect(phoneParseError(text, selected)).toBe(error);
  });
});

describe('picking another country keeps the national part of an international number', () => {
  test.each([
    ['+33 6 12 34 56 78', 'BE', '+32 612345678'],
    ['+33 6 12 34 56 78', 'GB', '+44 612345678'],
    ['+33', 'IT', '+39'],
    ['06 12 34 56 78', 'BE', '06 12 34 56 78'],
  ])('%j then %s gives %j', (text, next, expected) => {
    const previous = phoneValue(text, country('FR'));
    expect(textForCountry(text, previous, country(next))).toBe(expected);
  });
});
