import { describe, expect, test } from 'vitest';
import { l10nAttrs, tAll } from '../../src/i18n/l10n-attrs.ts';

describe('localized attributes of static pages', () => {
  test('a message in all four languages', () => {
    expect(tAll('booking.title')).toEqual({ fr: 'Réserver une table', en: 'Book a table', es: 'Reservar una mesa', it: 'Prenota un tavolo' });
  });

  test('French goes in the attribute itself (what shows without JS), every language in data-l10n', () => {
    const attrs = l10nAttrs({ alt: tAll('merchant.logoAlt', { name: 'Zinc' }) });
    expect(attrs.alt).toBe('Logo du restaurant Zinc');
    expect(JSON.parse(attrs['data-l10n']!)).toEqual({ alt: tAll('merchant.logoAlt', { name: 'Zinc' }) });
  });

  test('a "text" entry is not an attribute', () => {
    expect(Object.keys(l10nAttrs({ text: tAll('notFound.title') }))).toEqual(['data-l10n']);
  });
});
