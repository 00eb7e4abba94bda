import { describe, test, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseMerchantDefinition, reservedSlugs } from '../../src/server/domain/merchant-definition.ts';
import { DomainError } from '../../src/server/domain/errors.ts';
import { contractExample } from '../support/contract-examples.ts';

type Json = Record<string, any>;

const example: Json = JSON.parse(readFileSync(contractExample('merchant.example.json'), 'utf8'));

/** A copy of the contract's example with one change applied. */
function exampleWith(change: (definition: Json) => void): Json {
  const copy = structuredClone(example);
  change(copy);
  return copy;
}

/** The DomainError a definition is refused with (fails the test when it is accepted). */
function refusal(input: unknown): DomainError {
  try {
    parseMerchantDefinition(input);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the definition was accepted');
}

const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');
const issuePaths = (error: DomainError) => (error.details?.issues as Array<{ path: string; message: string }>).map((issue) => issue.path);

describe('parseMerchantDefinition accepts', () => {
  test('the contract example as it is', () => {
    const definition = parseMerchantDefinition(example);
    expect(definition.slug).toBe('chez-marcel');
    expect(definition.zones.map((zone) => zone.name)).toEqual(['Salle', 'Terrasse']);
    expect(definition.settings.autoConfirm).toBe(false);
  });

  test('a definition without optional fields, filling in defaults', () => {
    const definition = parseMerchantDefinition(
      exampleWith((d) => {
        delete d.bookingEnabled;
        delete d.closedDays;
        delete d.staff;
        delete d.url;
        delete d.description;
        delete d.bookingDescription;
        delete d.address.address2;
        delete d.settings.autoConfirm;
        delete d.settings.showZone;
      }),
    );
    expect(definition.bookingEnabled).toBe(true);
    expect(definition.closedDays).toEqual([]);
    expect(definition.staff).toEqual([]);
    expect(definition.url).toBeUndefined();
    expect(definition.description).toBe('');
    expect(definition.address.address2).toBe('');
    expect(definition.settings.autoConfirm).toBe(false);
    expect(definition.settings.showZone).toBe(true);
    expect(definition.settings.bookingHorizonDays).toBe(90);
    expect(definition.settings.reminderHours).toEqual([24, 2]);
    expect(definition.notifications).toBeUndefined();
  });

  test('where the restaurant is told: one address or several, a phone, a language; reminders latest last', () => {
    const definition = parseMerchantDefinition(
      exampleWith((d) => {
        d.notifications = { email: [' Salle@Chez-Marcel.example', 'patron@chez-marcel.example'], phone: '+33 6 12 34 56 78', lang: 'it' };
        d.settings.reminderHours = [2, 48, 2];
      }),
    );
    expect(definition.notifications).toEqual({ email: ['salle@chez-marcel.example', 'patron@chez-marcel.example'], phone: '+33612345678', lang: 'it' });
    expect(definition.settings.reminderHours).toEqual([48, 2]);
    expect(parseMerchantDefinition(exampleWith((d) => (d.notifications = { email: 'salle@chez-marcel.example' }))).notifications).toEqual({
      email: 'salle@chez-marcel.example',
    });
    expect(parseMerchantDefinition(exampleWith((d) => (d.settings.reminderHours = []))).settings.reminderHours).toEqual([]);
  });

  test('and normalises: trims text, removes phone spaces, lowercases emails, sorts unique closed days', () => {
    const definition = parseMerchantDefinition(
      exampleWith((d) => {
        d.name = '  Chez Marcel  ';
        d.phone = '+33 1 42 00 00 00';
        d.staff[0].email = ' Patron@Chez-Marcel.example ';
        d.closedDays = ['2026-12-25', '2026-12-24', '2026-12-25'];
      }),
    );
    expect(definition.name).toBe('Chez Marcel');
    expect(definition.phone).toBe('+33142000000');
    expect(definition.staff[0]?.email).toBe('patron@chez-marcel.example');
    expect(definition.closedDays).toEqual(['2026-12-24', '2026-12-25']);
  });

  test.each([
    ['an https logo URL', (d: Json) => (d.logo = 'https://cdn.example/logo.png')],
    ['a nested relative image path', (d: Json) => (d.banner = 'images/banners/main.webp')],
    ["an imported image's /media path, as export writes it", (d: Json) => (d.logo = '/media/chez-marcel/logo-0123456789ab.svg')],
    ['a shift running past midnight', (d: Json) => (d.shifts[5].slots = [{ start: '19:00', end: '01:00' }])],
    ['missing weekdays (closed)', (d: Json) => (d.shifts = [{ day: 3, slots: [{ start: '12:00', end: '14:00' }] }])],
    ['a leap day among closed days', (d: Json) => (d.closedDays = ['2028-02-29'])],
    ['three-digit colours', (d: Json) => (d.theme.primary = '#a00')],
    ['an http site URL', (d: Json) => (d.url = 'http://chez-marcel.example/menu')],
    ['an optional response window', (d: Json) => (d.settings.responseWindowMinutes = 45)],
    ['a one-day booking horizon', (d: Json) => (d.settings.bookingHorizonDays = 1)],
    ['a two-year booking horizon', (d: Json) => (d.settings.bookingHorizonDays = 730)],
    [
      'bounds at their limits',
      (d: Json) =>
        Object.assign(d.settings, { slotIntervalMinutes: 5, minLeadMinutes: 0, keepTableDuration: 240, bookingDurationMinutes: 720, maxCoversPerSlot: 10000 }),
    ],
    ['a two-character slug', (d: Json) => (d.slug = 'a1')],
  ])('%s', (_label, change) => {
    expect(() => parseMerchantDefinition(exampleWith(change))).not.toThrow();
  });
});

describe('parseMerchantDefinition refuses', () => {
  test.each<[string, (d: Json) => void, string]>([
    ['an uppercase slug', (d) => (d.slug = 'Chez-Marcel'), 'slug'],
    ['a one-character slug', (d) => (d.slug = 'a'), 'slug'],
    ['a 65-character slug', (d) => (d.slug = 'a'.repeat(65)), 'slug'],
    ['a slug starting with a dash', (d) => (d.slug = '-marcel'), 'slug'],
    ['a slug ending with a dash', (d) => (d.slug = 'marcel-'), 'slug'],
    ['a slug with an underscore', (d) => (d.slug = 'chez_marcel'), 'slug'],
    ['a reserved slug', (d) => (d.slug = 'api'), 'slug'],
    ['a blank name', (d) => (d.name = '   '), 'name'],
    ['a name too long', (d) => (d.name = 'x'.repeat(121)), 'name'],
    ['an unknown time zone', (d) => (d.timezone = 'Mars/Olympus'), 'timezone'],
    ['a UTC offset as time zone', (d) => (d.timezone = '+01:00'), 'timezone'],
    ['a missing time zone', (d) => delete d.timezone, 'timezone'],
    ['a missing zip', (d) => delete d.address.zip, 'address.zip'],
    ['a national phone number', (d) => (d.phone = '01 42 00 00 00'), 'phone'],
    ['a phone number too short', (d) => (d.phone = '+33 12'), 'phone'],
    ['a phone number with letters', (d) => (d.phone = '+33 1 42 OO OO OO'), 'phone'],
    ['an ftp site URL', (d) => (d.url = 'ftp://chez-marcel.example'), 'url'],
    ['a site URL that is not a URL', (d) => (d.url = 'chez marcel'), 'url'],
    ['a colour name', (d) => (d.theme.primary = 'red'), 'theme.primary'],
    ['a five-digit colour', (d) => (d.theme.background = '#fffaf'), 'theme.background'],
    ['bookingEnabled as text', (d) => (d.bookingEnabled = 'yes'), 'bookingEnabled'],
    ['more minimum than maximum guests', (d) => (d.settings.minClientsPerBookings = 10), 'settings.minClientsPerBookings'],
    ['zero minimum guests', (d) => (d.settings.minClientsPerBookings = 0), 'settings.minClientsPerBookings'],
    ['more than 100 guests', (d) => (d.settings.maxClientsPerBookings = 101), 'settings.maxClientsPerBookings'],
    ['a slot interval under 5', (d) => (d.settings.slotIntervalMinutes = 4), 'settings.slotIntervalMinutes'],
    ['a slot interval over 240', (d) => (d.settings.slotIntervalMinutes = 241), 'settings.slotIntervalMinutes'],
    ['a fractional slot interval', (d) => (d.settings.slotIntervalMinutes = 7.5), 'settings.slotIntervalMinutes'],
    ['a booking duration under 15', (d) => (d.settings.bookingDurationMinutes = 14), 'settings.bookingDurationMinutes'],
    ['a booking duration over 720', (d) => (d.settings.bookingDurationMinutes = 721), 'settings.bookingDurationMinutes'],
    ['a negative lead time', (d) => (d.settings.minLeadMinutes = -1), 'settings.minLeadMinutes'],
    ['a lead time over a week', (d) => (d.settings.minLeadMinutes = 10081), 'settings.minLeadMinutes'],
    ['a table kept over 240 minutes', (d) => (d.settings.keepTableDuration = 241), 'settings.keepTableDuration'],
    ['a zero response window', (d) => (d.settings.responseWindowMinutes = 0), 'settings.responseWindowMinutes'],
    ['a zero booking horizon', (d) => (d.settings.bookingHorizonDays = 0), 'settings.bookingHorizonDays'],
    ['a booking horizon over two years', (d) => (d.settings.bookingHorizonDays = 731), 'settings.bookingHorizonDays'],
    ['a booking horizon in part days', (d) => (d.settings.bookingHorizonDays = 1.5), 'settings.bookingHorizonDays'],
    ['zero covers per slot', (d) => (d.settings.maxCoversPerSlot = 0), 'settings.maxCoversPerSlot'],
    ['covers per slot as text', (d) => (d.settings.maxCoversPerSlot = '20'), 'settings.maxCoversPerSlot'],
    ['a misspelt setting', (d) => (d.settings.minClientPerBookings = 1), 'settings'],
    ['weekday 8', (d) => (d.shifts[0].day = 8), 'shifts.0.day'],
    ['weekday 0', (d) => (d.shifts[0].day = 0), 'shifts.0.day'],
    ['a weekday twice', (d) => (d.shifts[2].day = 2), 'shifts.2.day'],
    ['a start at 24:00', (d) => (d.shifts[1].slots[0].start = '24:00'), 'shifts.1.slots.0.start'],
    ['an end without a leading zero', (d) => (d.shifts[1].slots[0].end = '9:00'), 'shifts.1.slots.0.end'],
    ['February 30 as a closed day', (d) => (d.closedDays = ['2026-12-24', '2026-02-30']), 'closedDays.1'],
    ['a closed day in another format', (d) => (d.closedDays = ['24/12/2026']), 'closedDays.0'],
    ['no zone', (d) => (d.zones = []), 'zones'],
    ['two zones with the same name', (d) => (d.zones[1].name = 'salle'), 'zones.1.name'],
    ['a zone without a table', (d) => (d.zones[1].tables = []), 'zones.1.tables'],
    ['two tables with the same name in a zone', (d) => (d.zones[0].tables[3].name = 'S1'), 'zones.0.tables.3.name'],
    ['a table seating more minimum than maximum', (d) => (d.zones[0].tables[0].minSeats = 3), 'zones.0.tables.0.minSeats'],
    ['a table with zero seats', (d) => (d.zones[0].tables[0].maxSeats = 0), 'zones.0.tables.0.maxSeats'],
    ['a zone image climbing out of the folder', (d) => (d.zones[0].image = '../secret.png'), 'zones.0.image'],
    ['an absolute logo path', (d) => (d.logo = '/etc/logo.png'), 'logo'],
    ['a /media path climbing out of the folder', (d) => (d.logo = '/media/chez-marcel/../../etc/logo.png'), 'logo'],
    ['a /media path that is not an image', (d) => (d.logo = '/media/chez-marcel/run.sh'), 'logo'],
    ['an http banner URL', (d) => (d.banner = 'http://cdn.example/banner.png'), 'banner'],
    ['a logo that is not an image', (d) => (d.logo = 'images/logo.exe'), 'logo'],
    ['a staff email without a domain', (d) => (d.staff[0].email = 'patron@'), 'staff.0.email'],
    ['a short staff password', (d) => (d.staff[0].password = 'short'), 'staff.0.password'],
    ['the same staff email twice, whatever the case', (d) => d.staff.push({ email: 'PATRON@chez-marcel.example', password: 'another-pass' }), 'staff.1.email'],
    ['an unknown top-level field', (d) => (d.colour = '#fff'), ''],
    ['a notification address without a domain', (d) => (d.notifications = { email: 'salle@' }), 'notifications.email'],
    ['a bad address in the notification list', (d) => (d.notifications = { email: ['salle@chez-marcel.example', 'x'] }), 'notifications.email.1'],
    ['an empty notification list', (d) => (d.notifications = { email: [] }), 'notifications.email'],
    ['a national notification phone', (d) => (d.notifications = { phone: '06 12 34 56 78' }), 'notifications.phone'],
    ['a notification language we do not write', (d) => (d.notifications = { lang: 'de' }), 'notifications.lang'],
    ['an unknown notification field', (d) => (d.notifications = { sms: '+33612345678' }), 'notifications'],
    ['a reminder at 0 hours', (d) => (d.settings.reminderHours = [0]), 'settings.reminderHours.0'],
    ['a reminder over two weeks ahead', (d) => (d.settings.reminderHours = [24, 337]), 'settings.reminderHours.1'],
    ['five reminders', (d) => (d.settings.reminderHours = [1, 2, 3, 4, 5]), 'settings.reminderHours'],
  ])('%s, at %j', (_label, change, path) => {
    const error = refusal(exampleWith(change));
    expect(error.code).toBe('invalid_merchant_definition');
    expect(issuePaths(error)[0]).toBe(path);
    // Other issues may follow (a 65-character slug also breaks the pattern) but only within the same object.
    expect(issuePaths(error).every((other) => parentOf(other) === parentOf(path))).toBe(true);
    expect(error.message.startsWith(`${path || '(document)'}: `)).toBe(true);
  });

  test.each([
    ['null', null],
    ['an array', []],
    ['a string', 'chez-marcel'],
  ])('%s instead of a definition', (_label, input) => {
    expect(issuePaths(refusal(input))).toEqual(['']);
  });

  test('a missing field is reported as required', () => {
    const error = refusal(exampleWith((d) => delete d.name));
    expect(error.details?.issues).toEqual([{ path: 'name', message: 'required' }]);
  });

  test('several problems are all listed and the message names the first ones', () => {
    const error = refusal(
      exampleWith((d) => {
        d.slug = 'API';
        d.phone = 'none';
        d.theme.primary = 'blue';
        d.zones[0].tables[0].minSeats = 9;
      }),
    );
    expect(issuePaths(error)).toEqual(['slug', 'phone', 'theme.primary', 'zones.0.tables.0.minSeats']);
    expect(error.message).toMatch(/^slug: .*; phone: .*; theme\.primary: .* \(and 1 more\)$/);
  });
});

describe('reservedSlugs', () => {
  test.each([
    'auth',
    'api',
    'oauth',
    'login',
    'broadcasting',
    'app',
    'assets',
    'sw.js',
    'manifest',
    'favicon',
    'admin',
    'docs',
    'offline',
    'icons',
    'images',
    'merchants',
    'demo',
    'pro',
  ])('%s is reserved and refused as a slug', (slug) => {
    expect(reservedSlugs).toContain(slug);
    if (/^[a-z0-9-]+$/.test(slug)) {
      expect(issuePaths(refusal(exampleWith((d) => (d.slug = slug))))).toEqual(['slug']);
    }
  });
});
