import { describe, expect, test } from 'vitest';
import { displayDinerPhone, displayMerchantPhone, phoneCountry } from '../../../src/shared/phone-display.ts';
import { samePhone } from '../../../src/shared/tel-href.ts';

describe("a merchant's phone is written as its own country writes it", () => {
  test.each([
    ['FR', '+33142000000', '01 42 00 00 00'],
    ['FR', '+33 1 99 00 27 27', '01 99 00 27 27'],
    ['BE', '+3225123456', '02 512 34 56'],
    ['CH', '+41 44 300 11 22', '044 300 11 22'],
    ['ES', '+34912345678', '912 34 56 78'],
    ['IT', '+39 06 5800 4141', '06 5800 4141'],
    ['GB', '+442079460000', '020 7946 0000'],
    ['US', '+12125550123', '(212) 555-0123'],
  ])('%s: %s shows as %s', (country, phone, shown) => {
    expect(phoneCountry(phone)).toBe(country);
    expect(displayMerchantPhone(phone)).toBe(shown);
  });

  test('text that is no international number shows as given', () => {
    expect(displayMerchantPhone(' 01 42 00 00 00 ')).toBe('01 42 00 00 00');
    expect(displayMerchantPhone('+33 1"><b>')).toBe('+33 1"><b>');
  });
});

describe("a diner's phone is national in the merchant's country, international elsewhere", () => {
  const merchants = { FR: '+33142000000', BE: '+3225123456', US: '+12125550123' };
  test.each([
    ['FR', 'FR', '+33612345678', '06 12 34 56 78'],
    ['BE', 'FR', '+33612345678', '+33 6 12 34 56 78'],
    ['BE', 'BE', '+32470123456', '0470 12 34 56'],
    ['FR', 'BE', '+32470123456', '+32 470 12 34 56'],
    ['FR', 'CH', '+41791234567', '+41 79 123 45 67'],
    ['FR', 'ES', '+34612345678', '+34 612 34 56 78'],
    ['FR', 'IT', '+393123456789', '+39 312 345 6789'],
    ['FR', 'GB', '+447911123456', '+44 7911 123456'],
    ['FR', 'US', '+12125550123', '+1 212 555 0123'],
    // Canada shares +1: dialled alike from the US.
    ['US', 'CA', '+15145550123', '(514) 555-0123'],
  ])('merchant in %s, diner number from %s: %s shows as %s', (merchant, _diner, phone, shown) => {
    expect(displayDinerPhone(phone, merchants[merchant as keyof typeof merchants])).toBe(shown);
  });

  test("a national text is read in the merchant's country; without a merchant it shows as given", () => {
    expect(displayDinerPhone('0612345678', merchants.FR)).toBe('06 12 34 56 78');
    expect(displayDinerPhone('0612345678', null)).toBe('0612345678');
  });
});

test('the same number written two ways is the same phone', () => {
  expect(samePhone('+33 1 42 00 00 00', '+33142000000')).toBe(true);
  expect(samePhone('+33142000000', '0142000000')).toBe(false);
});
