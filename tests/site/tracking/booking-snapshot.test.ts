import { beforeEach, describe, expect, test } from 'vitest';
import type { GetBookingResponse } from '../../../src/shared/api/booking.ts';
import { MAX_SNAPSHOTS, readBookingSnapshot, saveBookingSnapshot, SNAPSHOT_KEY } from '../../../src/lib/tracking/booking-snapshot.ts';
import { installStorage } from '../support/browser-storage.ts';

const answer = (token: string, ref = 'REF1') => ({ success: true, booking: { token, ref } }) as unknown as GetBookingResponse;

describe('the offline copy of the tracking page', () => {
  let storage: ReturnType<typeof installStorage>;
  beforeEach(() => {
    storage = installStorage();
  });

  test('keeps the last answer per booking token and gives it back', () => {
    saveBookingSnapshot(answer('tok-a', 'OLD'), 1000);
    saveBookingSnapshot(answer('tok-a', 'NEW'), 2000);
    expect(readBookingSnapshot('tok-a')).toEqual({ savedAt: 2000, answer: answer('tok-a', 'NEW') });
    expect(readBookingSnapshot('tok-b')).toBeNull();
  });

  test(`keeps only the ${MAX_SNAPSHOTS} most recently shown bookings`, () => {
    for (let i = 0; i <= MAX_SNAPSHOTS; i += 1) saveBookingSnapshot(answer(`tok-${i}`), 1000 + i);
    expect(readBookingSnapshot('tok-0')).toBeNull();
    expect(readBookingSnapshot(`tok-${MAX_SNAPSHOTS}`)).not.toBeNull();
    expect(Object.keys(JSON.parse(storage.local.getItem(SNAPSHOT_KEY) ?? '{}'))).toHaveLength(MAX_SNAPSHOTS);
  });

  test('an unreadable copy is no copy', () => {
    storage.local.setItem(SNAPSHOT_KEY, '{not json');
    expect(readBookingSnapshot('tok-a')).toBeNull();
    saveBookingSnapshot(answer('tok-a'), 1);
    expect(readBookingSnapshot('tok-a')?.savedAt).toBe(1);
  });
});
