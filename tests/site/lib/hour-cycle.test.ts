import { describe, expect, test } from 'vitest';
import { merchantUses12h } from '../../../src/shared/phone-display.ts';
import { browserUses12h, countryUses12h, formatHour, uses12h } from '../../../src/shared/hour-cycle.ts';

describe('12- or 24-hour times', () => {
  test.each([
    ['US', true],
    ['ca', true],
    ['AU', true],
    ['IN', true],
    ['FR', false],
    ['BE', false],
    ['GB', false],
    [null, false],
  ])('a merchant in %s writes 12-hour times: %s', (country, expected) => {
    expect(countryUses12h(country)).toBe(expected);
  });

  test.each([
    ['+1 212 555 0142', true],
    ['+61 2 9374 4000', true],
    ['+33 1 99 00 27 27', false],
    ['+39 06 5800 4141', false],
    ['call us', false],
  ])('a merchant whose phone is %s gets 12-hour times on its pages, read at build time: %s', (phone, expected) => {
    expect(merchantUses12h({ phone })).toBe(expected);
  });

  test.each([
    ['a 12-hour merchant, in French, static page', { merchant12h: true, lang: 'fr' as const }, true],
    ['a 24-hour merchant, in English, static page', { merchant12h: false, lang: 'en' as const }, false],
    ['a 24-hour merchant, in English, an en-US browser', { merchant12h: false, lang: 'en' as const, browser12h: true }, true],
    ['a 24-hour merchant, in English, an en-GB browser', { merchant12h: false, lang: 'en' as const, browser12h: false }, false],
    ['a 24-hour merchant, in French, an en-US browser', { merchant12h: false, lang: 'fr' as const, browser12h: true }, false],
  ])('%s: 12-hour %s', (_case, context, expected) => {
    expect(uses12h(context)).toBe(expected);
  });

  test('the browser locale is read from its resolved hour cycle', () => {
    expect(browserUses12h('en-US')).toBe(true);
    expect(browserUses12h('en-GB')).toBe(false);
    expect(browserUses12h('fr-FR')).toBe(false);
  });

  test.each([
    ['19:30', 'en', true, '7:30 PM'],
    ['00:15', 'en', true, '12:15 AM'],
    ['12:00', 'en', true, '12:00 PM'],
    ['19:30', 'en', false, '19:30'],
    ['19:30', 'fr', false, '19:30'],
  ] as const)('%s in %s (12-hour %s) shows as %s', (hour, lang, twelve, shown) => {
    expect(formatHour(hour, lang, twelve)).toBe(shown);
  });
});
