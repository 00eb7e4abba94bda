import { beforeEach, describe, expect, test } from 'vitest';
import { errorMessage, i18n, translate } from '../../../src/i18n/i18n.ts';
import { $lang, LANGUAGE_OPTIONS, pickInitialLang, setLang, type LangSources } from '../../../src/stores/lang.ts';
import { installStorage, type MemoryStorage } from '../support/browser-storage.ts';

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  ({ local, session } = installStorage());
});

describe('the first language', () => {
  test.each([
    ['?lang wins over everything', { query: 'en', stored: 'it', browser: ['es-ES'] }, 'en'],
    ['then the stored currentLang', { query: null, stored: 'it', browser: ['es-ES'] }, 'it'],
    ['then the first browser language we speak', { query: null, stored: null, browser: ['de-DE', 'es-ES', 'en'] }, 'es'],
    ['French when nothing matches', { query: null, stored: null, browser: ['de-DE', 'ja'] }, 'fr'],
    ['an unknown ?lang is ignored', { query: 'de', stored: 'it', browser: [] }, 'it'],
  ] as Array<[string, LangSources, string]>)('%s', (_case, sources, expected) => {
    expect(pickInitialLang(sources)).toBe(expected);
  });
});

describe('$lang', () => {
  test('the selector offers fr, en, es and it', () => {
    expect(LANGUAGE_OPTIONS.map((option) => option.code)).toEqual(['fr', 'en', 'es', 'it']);
  });

  test('setLang stores currentLang in both session and local storage', () => {
    setLang('it');
    setLang('es');
    expect($lang.get()).toBe('es');
    expect([session.getItem('currentLang'), local.getItem('currentLang')]).toEqual(['es', 'es']);
  });

  test('a language the product does not speak is ignored', () => {
    setLang('fr');
    setLang('de');
    expect($lang.get()).toBe('fr');
  });

  test('the islands’ i18next instance follows $lang', () => {
    setLang('en');
    expect(i18n.language).toBe('en');
    setLang('it');
    expect(i18n.language).toBe('it');
  });
});

describe('island messages', () => {
  test.each([
    ['en', 'form_error.required', undefined, 'This field is required.'],
    ['en', 'form_error.bad_email', undefined, 'Invalid email'],
    ['en', 'form_error.bad_password', undefined, 'The password is wrong or the account does not exist.'],
    ['en', 'error.booking_redirect', undefined, 'You will be redirected in a few seconds...'],
    ['en', 'booking.persons', { count: 1 }, '1 person'],
    ['en', 'booking.persons', { count: 4 }, '4 people'],
    ['fr', 'booking.persons', { count: 1 }, '1 personne'],
    ['fr', 'booking.persons', { count: 2 }, '2 personnes'],
    ['es', 'error.error_min_seats', { min: 2 }, 'El restaurante no acepta reservas de menos de 2 personas.'],
    ['it', 'complete.howItWorks', { minutes: 20 }, "Il ristorante tiene il tuo tavolo per 20 minuti dopo l'orario prenotato."],
  ] as const)('in %s, %s with %j reads %j', (lang, key, vars, expected) => {
    expect(translate(lang, key, vars)).toBe(expected);
  });

  test('a provider name with markup is not escaped by i18next (React escapes it)', () => {
    expect(translate('en', 'site.poweredBy', { provider: 'A & B <i>' })).toBe('Powered by A & B <i>');
  });

  test.each([
    ['no_seats_available', 'There is no place left for this date and time.'],
    ['merchant_not_found', 'This restaurant does not exist.'],
    ['some_unknown_code', 'Something went wrong. Please try again.'],
  ])('the error %s shows error.{code}, or the generic message when there is none', (code, expected) => {
    expect(errorMessage('en', code)).toBe(expected);
  });
});
