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

  test('a language whose text is the French one is left out, and data-l10n too when none differs (the readers fall back to French)', () => {
    const text = { fr: 'Cuisine de saison', en: 'Seasonal food', es: 'Cuisine de saison', it: 'Cuisine de saison' };
    expect(JSON.parse(l10nAttrs({ text })['data-l10n']!)).toEqual({ text: { fr: 'Cuisine de saison', en: 'Seasonal food' } });
    const same = { fr: 'Chez Zinc', en: 'Chez Zinc', es: 'Chez Zinc', it: 'Chez Zinc' };
    expect(l10nAttrs({ text: same, alt: same })).toEqual({ alt: 'Chez Zinc' });
  });

  test('a "text" entry is not an attribute', () => {
    expect(Object.keys(l10nAttrs({ text: tAll('notFound.title') }))).toEqual(['data-l10n']);
  });
});
