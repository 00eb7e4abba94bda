import { describe, expect, test } from 'vitest';
import { initials } from '../../src/shared/initials.ts';
import { jsonForScript } from '../../src/lib/build/json-for-script.ts';
import { longDate } from '../../src/lib/text/long-date.ts';
import { telHref } from '../../src/shared/tel-href.ts';
import { safeImageSrc, safeLinkUrl } from '../../src/shared/safe-url.ts';
import { localToday, upcomingClosedDays } from '../../src/lib/build/upcoming-closed-days.ts';
import { weeklyHours } from '../../src/lib/build/weekly-hours.ts';

describe('weeklyHours', () => {
  test('lists the seven weekdays Monday first, a missing or empty day with no range, slots in start order', () => {
    const week = weeklyHours([
      { day: 7, slots: [{ id: '7-0', start: '12:00', end: '15:00' }] },
      {
        day: 2,
        slots: [
          { id: '2-1', start: '19:00', end: '22:00' },
          { id: '2-0', start: '12:00', end: '14:00' },
        ],
      },
      { day: 1, slots: [] },
    ]);
    expect(week.map((entry) => entry.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week[0]?.ranges).toEqual([]);
    expect(week[1]?.ranges).toEqual([
      { start: '12:00', end: '14:00' },
      { start: '19:00', end: '22:00' },
    ]);
    expect(week[2]?.ranges).toEqual([]);
    expect(week[6]?.ranges).toEqual([{ start: '12:00', end: '15:00' }]);
  });
});

describe('upcomingClosedDays', () => {
  // 23:30 UTC on 31 December is already 1 January in Paris.
  const now = new Date('2026-12-31T23:30:00Z');

  test.each([
    ['Europe/Paris', '2027-01-01'],
    ['America/New_York', '2026-12-31'],
    ['Not/AZone', '2026-12-31'],
  ])('takes today in %s as %s', (timezone, expected) => {
    expect(localToday(timezone, now)).toBe(expected);
  });

  test('keeps today and later, sorted, without duplicates, up to the limit', () => {
    const days = ['2027-03-01', '2026-12-31', '2027-01-01', '2027-01-01', '2027-02-01', 'garbage'];
    expect(upcomingClosedDays(days, 'Europe/Paris', now)).toEqual(['2027-01-01', '2027-02-01', '2027-03-01']);
    expect(upcomingClosedDays(days, 'Europe/Paris', now, 2)).toEqual(['2027-01-01', '2027-02-01']);
  });
});

describe('longDate', () => {
  test.each([
    ['fr', 'jeudi 24 décembre 2026'],
    ['en', 'Thursday, 24 December 2026'],
  ] as const)('writes a calendar day in full in %s', (lang, expected) => {
    expect(longDate('2026-12-24', lang)).toBe(expected);
  });
});

describe('jsonForScript', () => {
  test('cannot close its <script> element yet parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & \u2028' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('tel: links', () => {
  test.each([
    ['+33 1 42 00 00 00', 'tel:+33142000000'],
    ['01 42 00 00 00', 'tel:0142000000'],
  ])('%s dials %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});

describe('initials', () => {
  test.each([
    ['Le Petit Zinc', 'PZ'],
    ['Trattoria Bella', 'TB'],
    ['Chez Marcel', 'M'],
    ['Le Zinc', 'Z'],
    ['La Table', 'T'],
    ["L'Ami Jean", 'LJ'],
    ['élan', 'É'],
    ['   ', '?'],
  ])('of %s is %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('safe URLs', () => {
  test.each([
    ['https://chez-marcel.example', 'https://chez-marcel.example/'],
    ['http://chez-marcel.example/menu', 'http://chez-marcel.example/menu'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['/relative', null],
    ['', null],
  ])('links %j as %j', (url, expected) => {
    expect(safeLinkUrl(url)).toBe(expected);
  });

  test.each([
    ['/media/a/logo.svg', '/media/a/logo.svg'],
    ['https://cdn.example/logo.png', 'https://cdn.example/logo.png'],
    ['//evil.example/x.png', null],
    ['http://cdn.example/logo.png', null],
    ['javascript:alert(1)', null],
    [null, null],
  ])('shows the image %j as %j', (path, expected) => {
    expect(safeImageSrc(path)).toBe(expected);
  });
});
