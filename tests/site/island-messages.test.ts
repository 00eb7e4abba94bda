import { describe, expect, test } from 'vitest';
import { addMessages, fillMessage, findMessage, type MessageOptions } from '../../src/i18n/island-messages.ts';
import type { Catalogue } from '../../src/i18n/translator.ts';
import type { Lang } from '../../src/shared/langs.ts';

function catalogues(): Partial<Record<Lang, Catalogue>> {
  const found: Partial<Record<Lang, Catalogue>> = {};
  addMessages(found, 'fr', {
    seats: { left_zero: 'Plus aucune place', left_one: '{{count}} place', left_many: '{{count}} de places', left_other: '{{count}} places' },
    only: { fr: 'Seulement en français' },
  });
  addMessages(found, 'en', { seats: { left_one: '{{count}} seat', left_other: '{{count}} seats' }, greeting: 'Hello {{name}}' });
  return found;
}

describe('finding a message as i18next resolves it', () => {
  test.each([
    ['the plural variant of the count’s category in English', 'en', 'seats.left', 1, '{{count}} seat'],
    ['English “other” for 0, having no zero variant', 'en', 'seats.left', 0, '{{count}} seats'],
    ['the zero variant first for 0 where the language has one', 'fr', 'seats.left', 0, 'Plus aucune place'],
    ['French “many” for a million', 'fr', 'seats.left', 1_000_000, '{{count}} de places'],
    ['French “one” for 1.5', 'fr', 'seats.left', 1.5, '{{count}} place'],
    ['a count given as text picks no variant', 'en', 'greeting', '3', 'Hello {{name}}'],
    ['French when the language lacks the key', 'en', 'only.fr', undefined, 'Seulement en français'],
  ] as const)('%s', (_case, lang, key, count, expected) => {
    expect(findMessage(catalogues(), [lang, 'fr'], key, count)).toBe(expected);
  });

  test.each([
    ['a key no language has', 'missing.key'],
    ['a group of messages rather than one', 'seats'],
    ['a path through a message', 'greeting.more'],
    ['an inherited property', 'toString'],
  ])('nothing for %s', (_case, key) => {
    expect(findMessage(catalogues(), ['en', 'fr'], key)).toBeUndefined();
  });

  test('messages added again are merged deeply, the newer winning', () => {
    const found = catalogues();
    addMessages(found, 'en', { seats: { left_one: 'One seat' } });
    expect([findMessage(found, ['en'], 'seats.left', 1), findMessage(found, ['en'], 'seats.left', 2)]).toEqual(['One seat', '{{count}} seats']);
  });
});

describe('filling a message', () => {
  test.each([
    ['a value in each placeholder', 'Hello {{name}}, {{ count }}', { name: 'Ana', count: 2 }, 'Hello Ana, 2'],
    ['markup left as written (React escapes it)', 'By {{provider}}', { provider: 'A & B <i>' }, 'By A & B <i>'],
    ['a placeholder without a value kept', 'At {{hour}}', { name: 'Ana' }, 'At {{hour}}'],
    ['null as nothing', 'At {{hour}}', { hour: null }, 'At '],
    ['a value that looks like a placeholder left as it is', 'For {{name}} at {{hour}}', { name: '{{hour}}', hour: '20:00' }, 'For {{hour}} at 20:00'],
    ['a nested value and the unescaped and formatted forms', '{{a.b}} {{- c}} {{d, number}}', { a: { b: 1 }, c: 'x', d: 2 }, '1 x 2'],
  ] as Array<[string, string, MessageOptions, string]>)('%s', (_case, message, vars, expected) => {
    expect(fillMessage(message, vars)).toBe(expected);
  });

  test('no values: the message as written', () => {
    expect(fillMessage('Hello {{name}}', undefined)).toBe('Hello {{name}}');
  });
});
