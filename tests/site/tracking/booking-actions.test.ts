import { describe, expect, test } from 'vitest';
import { calendarAction, isIOS, otherCalendarAction } from '../../../src/lib/calendar/calendar-export.ts';
import { mapsSearchUrl } from '../../../src/lib/links/maps-link.ts';
import { DEFAULT_SUPPORT_EMAIL, reportProblemHref, supportEmail } from '../../../src/lib/links/support-mail.ts';

describe('add to calendar', () => {
  test.each([
    ['an iPhone', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15' }, true],
    ['an iPad that says it is a Mac', { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 5 }, true],
    ['a Mac', { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 0 }, false],
    ['an Android phone', { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' }, false],
  ])('%s is iOS: %s', (_name, hints, expected) => {
    expect(isIOS(hints)).toBe(expected);
  });

  test('iOS downloads event.ics; other browsers open calendarUrl', () => {
    const ics = '/api/booking/export_ical/zinc/tok?download=1';
    expect(calendarAction({ userAgent: 'iPhone' }, ics, 'https://calendar.google.com/x')).toEqual({ kind: 'download', href: ics, filename: 'event.ics' });
    expect(calendarAction({ userAgent: 'Android' }, ics, 'https://calendar.google.com/x')).toEqual({ kind: 'open', href: 'https://calendar.google.com/x' });
  });

  test('the other way is offered beside it: the .ics where Google Calendar opens, Google Calendar where the .ics downloads', () => {
    const ics = '/api/booking/export_ical/zinc/tok?download=1';
    const google = 'https://calendar.google.com/x';
    expect(otherCalendarAction(calendarAction({ userAgent: 'Android' }, ics, google), ics, google)).toEqual({
      kind: 'download',
      href: ics,
      filename: 'event.ics',
    });
    expect(otherCalendarAction(calendarAction({ userAgent: 'iPhone' }, ics, google), ics, google)).toEqual({ kind: 'open', href: google });
    // Without a calendar link there is only the file.
    expect(otherCalendarAction(calendarAction({ userAgent: 'Android' }, ics, ''), ics, '')).toBeNull();
  });
});

describe('the route link', () => {
  test('searches the maps service for name, address and city', () => {
    expect(mapsSearchUrl({ name: 'Le Petit Zinc', address: { address: '27 rue des Martyrs', city: 'Paris' } })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Le+Petit+Zinc+27+rue+des+Martyrs+Paris',
    );
  });

  test('leaves out empty parts and escapes the rest', () => {
    expect(mapsSearchUrl({ name: 'Café & Co', address: { address: ' ', city: 'Lyon' } })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Caf%C3%A9+%26+Co+Lyon',
    );
  });
});

describe('report a problem', () => {
  test('writes to the support address with the reference in subject and body, spaces as %20', () => {
    expect(reportProblemHref('help@couvert.example', 'Booking #AB12', 'Ref #AB12\nHello')).toBe(
      'mailto:help@couvert.example?subject=Booking%20%23AB12&body=Ref%20%23AB12%0AHello',
    );
  });

  test('the support address defaults to the provider\u2019s when PUBLIC_SUPPORT_EMAIL is not set', () => {
    expect(DEFAULT_SUPPORT_EMAIL).toBe('support@couvert.example');
    expect(supportEmail()).toBe(DEFAULT_SUPPORT_EMAIL);
  });
});
