import { describe, expect, test } from 'vitest';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

describe('a diner books a table from the first slot to the restaurant confirming it', () => {
  test('create, validate, confirm, finish', async () => {
    const zones = await t.post('/api/booking/booking_zones/get', { merchant_slug: 'le-petit-zinc', date: '2026-11-25' });
    expect(zones.status).toBe(200);
    const zoneId = zones.body.bookingZones[0].id;
    const slots = await t.post('/api/booking/booking_slots/get', {
      merchant_slug: 'le-petit-zinc',
      date: '2026-11-25',
      bookingZoneId: zoneId,
      needed_seats: 2,
    });
    expect(slots.status).toBe(200);
    const slot = slots.body.slots.find((s: { available: boolean }) => s.available);
    expect(slot).toBeDefined();
    const created = await t.post('/api/booking/create', {
      merchant_slug: 'le-petit-zinc',
      datetime: slot.timestamp,
      booking_zone_id: zoneId,
      client_count: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.booking.status).toBeNull();
    const { bearer } = await t.signIn();
    const validated = await t.post('/api/booking/validate', { merchant_slug: 'le-petit-zinc', token: created.body.token }, { bearer });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.booking.status).toBe(10);
    const confirmed = await t.post(`/api/admin/bookings/${created.body.token}/confirm`, {}, { bearer: ADMIN_TOKEN });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.booking.status).toBe(20);
    const ics = await t.get(`/api/booking/export_ical/le-petit-zinc/${created.body.token}`);
    expect(ics.body.ics).toContain('BEGIN:VEVENT');
  });
});
