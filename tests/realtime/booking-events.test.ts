import { describe, test, expect } from 'vitest';
import type { Broadcaster } from '../../src/server/realtime/broadcaster.ts';
import { bookingChannel, publishBookingUpdate, UPDATE_BOOKING_EVENT } from '../../src/server/realtime/booking-events.ts';

/** A broadcaster that records what it is asked to publish. */
function recordingBroadcaster(): Broadcaster & { published: { channel: string; event: string; data: unknown }[] } {
  const published: { channel: string; event: string; data: unknown }[] = [];
  return {
    published,
    async publish(channel, event, data) {
      published.push({ channel, event, data });
    },
    async close() {},
  };
}

describe('booking events', () => {
  test.each([
    ['abc123', 'booking.abc123'],
    ['Z-9_x', 'booking.Z-9_x'],
  ])('the channel of booking %s is %s', (token, channel) => {
    expect(bookingChannel(token)).toBe(channel);
  });

  test('the event the tracking page listens to is UpdateBooking', () => {
    expect(UPDATE_BOOKING_EVENT).toBe('UpdateBooking');
  });

  test.each([
    ['a confirmed booking', 20],
    ['a booking without status yet', null],
  ])('publishing %s sends token, status, ref, revision and updatedAt on its channel', async (_label, status) => {
    const broadcaster = recordingBroadcaster();

    await publishBookingUpdate(broadcaster, { token: 'tok', status, ref: 'REF-1', revision: 3 }, new Date('2031-02-03T04:05:06Z'));

    expect(broadcaster.published).toEqual([
      {
        channel: 'booking.tok',
        event: 'UpdateBooking',
        data: { token: 'tok', status, ref: 'REF-1', revision: 3, updatedAt: '2031-02-03T04:05:06.000Z' },
      },
    ]);
  });
});
