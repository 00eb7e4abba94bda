/**
 * The messages and the diner's booking view format a booking's time in its merchant's zone through a wall-clock date
 * (src/server/domain/wall-clock-date.ts), not date-fns's TZDate: every text must read exactly as TZDate's.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localeOf } from '../../src/server/domain/lang.ts';
import { formatInZone } from '../../src/server/domain/wall-clock-date.ts';
import { isoWithOffset } from '../../src/server/mail/booking-messages/message-dates.ts';
import { LANGS } from '../../src/shared/langs.ts';

// Around 2026's changes (spring and autumn, half-hour and 45-minute zones, a half-hour daylight shift), a zone at UTC
// (its offset written Z), one west of it, and dates across a year's and a month's end.
const MOMENTS: Array<[string, string]> = [
  ['2026-03-29T01:00:00Z', 'Europe/Paris'],
  ['2026-10-25T01:00:00Z', 'Europe/Paris'],
  ['2026-03-08T07:00:00Z', 'America/New_York'],
  ['2026-11-01T06:00:00Z', 'America/New_York'],
  ['2026-04-04T15:00:00Z', 'Australia/Lord_Howe'],
  ['2026-10-03T15:30:00Z', 'Australia/Lord_Howe'],
  ['2026-06-01T00:00:00Z', 'Asia/Kathmandu'],
  ['2026-12-31T23:30:00Z', 'Europe/London'],
  ['2026-12-31T23:30:00Z', 'UTC'],
  ['2027-01-01T04:59:00Z', 'America/Los_Angeles'],
  ['2026-02-28T23:15:00Z', 'Europe/Rome'],
];
// The messages' patterns and the booking view's, and every field a pattern can read.
const PATTERNS = ['PPPP', 'HH:mm', 'EEE d/M HH:mm', "yyyy-MM-dd'T'HH:mm:ss.SSS", 'EEEE d MMMM y, h:mm a'];
const SECONDS = [-3601, -61, -1, 0, 1, 60, 3599, 3600];

describe('formatting a moment in a merchant’s zone', () => {
  // The server's own zone must not show through: run in one far from UTC (the machines here run in UTC).
  const serverZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Pacific/Chatham';
  });
  afterAll(() => {
    if (serverZone === undefined) delete process.env.TZ;
    else process.env.TZ = serverZone;
  });

  test('the test runs in a server zone far from UTC', () => {
    expect(new Date('2026-06-01T00:00:00Z').getTimezoneOffset()).toBe(-765);
  });

  test.each(MOMENTS)('around %s in %s, every pattern in every language reads as TZDate formats it', (moment, timezone) => {
    for (const seconds of SECONDS) {
      const at = new Date(Date.parse(moment) + seconds * 1000);
      for (const lang of LANGS) {
        const locale = localeOf(lang);
        for (const pattern of PATTERNS) {
          expect(formatInZone(at, timezone, pattern, locale), `${at.toISOString()} ${lang} ${pattern}`).toBe(
            format(new TZDate(at, timezone), pattern, { locale }),
          );
        }
      }
    }
  });

  test.each(MOMENTS)('around %s in %s, the ISO form with the offset reads as TZDate’s XXX', (moment, timezone) => {
    for (const seconds of SECONDS) {
      const at = new Date(Date.parse(moment) + seconds * 1000);
      expect(isoWithOffset(at, timezone), at.toISOString()).toBe(format(new TZDate(at, timezone), "yyyy-MM-dd'T'HH:mm:ssXXX"));
    }
  });
});
