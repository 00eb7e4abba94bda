/** What the BookingHome e2e tests ask the real API and do with the keyboard: merchant days, slots, accounts, a merchant that does not take bookings. */
import type { APIRequestContext, Page } from '@playwright/test';
import { postJson } from './tracking-support.ts';

/** booking_merchant/get as the tests read it. */
export interface MerchantInfo {
  merchant: { timezone: string; open: { today: boolean; tomorrow: boolean }; settings: { minClientsPerBookings: number; maxClientsPerBookings: number } };
  shifts: Array<{ day: number; slots: Array<{ start: string; end: string }> }>;
  closes: string[];
}

/** A slot as booking_slots/get answers it. */
export interface ApiSlot {
  timestamp: number;
  hour: string;
  available: boolean;
}

/** The merchant, its shifts and closed days. */
export async function merchantInfo(request: APIRequestContext, slug: string): Promise<MerchantInfo> {
  return (await postJson<MerchantInfo>(request, '/api/booking/booking_merchant/get', { merchant_slug: slug })).body;
}

/** The zones of a day. */
export async function zonesOf(request: APIRequestContext, slug: string, date: string): Promise<Array<{ id: string; name: string }>> {
  return (await postJson<{ bookingZones: Array<{ id: string; name: string }> }>(request, '/api/booking/booking_zones/get', { merchant_slug: slug, date })).body
    .bookingZones;
}

/** The times of a day for a party in a zone. */
export async function slotsOf(request: APIRequestContext, slug: string, date: string, zoneId: string, seats: number): Promise<ApiSlot[]> {
  const answer = await postJson<{ slots: ApiSlot[] }>(request, '/api/booking/booking_slots/get', {
    merchant_slug: slug,
    date,
    bookingZoneId: zoneId,
    needed_seats: seats,
  });
  return answer.body.slots;
}

/** The server's clock in unix seconds. */
export async function serverTime(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/server_time');
  return ((await response.json()) as { time: number }).time;
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(ms: number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

/** The first day from `fromDays` days ahead with a service window ending at or after `until` and not closed. */
export function openDayAhead(info: MerchantInfo, fromDays: number, until = '20:00'): string {
  for (let offset = fromDays; offset < fromDays + 40; offset += 1) {
    const date = localDate(Date.now() + offset * 86_400_000, info.merchant.timezone);
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const open = info.shifts.find((shift) => shift.day === weekday)?.slots.some((slot) => slot.end >= until);
    if (open && !info.closes.includes(date)) return date;
  }
  throw new Error('no open day ahead');
}

/** A local day written as the calendar names it, e.g. "mardi 24 novembre 2026". */
export function frenchLongDate(date: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A platform account made through register; returns its bearer. */
export async function registerAccount(request: APIRequestContext): Promise<string> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const answer = await postJson<{ access_token: string }>(request, '/api/front/user/register', {
    firstname: 'Léa',
    lastname: 'Martin',
    phone: `+3361${unique.slice(-7)}`,
    email: `lea.${unique}@example.org`,
    password: 'un long mot de passe rare 42',
  });
  return answer.body.access_token;
}

/** Presses Tab (at most `limit` times) until the focused element matches; fails the test otherwise. */
export async function tabTo(page: Page, matches: (element: { text: string; label: string | null; role: string | null }) => boolean, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const labelled = element?.closest('label');
      return {
        text: (element?.textContent ?? '').trim(),
        label: element?.getAttribute('aria-label') ?? labelled?.textContent?.trim() ?? null,
        role: element?.getAttribute('role') ?? element?.getAttribute('type') ?? element?.tagName.toLowerCase() ?? null,
      };
    });
    if (matches(focused)) return;
  }
  throw new Error(`Tab never reached the element after ${limit} presses`);
}

/** A merchant definition (spec contract) like Le Petit Zinc's, without images or staff. */
export function merchantDefinition(slug: string, bookingEnabled: boolean): Record<string, unknown> {
  const lunchAndDinner = [
    { start: '12:00', end: '14:00' },
    { start: '19:00', end: '22:00' },
  ];
  return {
    slug,
    name: 'Le Comptoir Endormi',
    timezone: 'Europe/Paris',
    address: { address: '3 rue des Dormeurs', address2: '', zip: '69001', city: 'Lyon' },
    phone: '+33 4 78 00 00 01',
    url: 'https://comptoir-endormi.example',
    description: 'Un comptoir qui ne prend pas encore de réservations en ligne.',
    bookingDescription: '',
    theme: { primary: '#7a3b2e', background: '#fbf7f2' },
    bookingEnabled,
    settings: {
      minClientsPerBookings: 1,
      maxClientsPerBookings: 6,
      keepTableDuration: 15,
      bookingDurationMinutes: 90,
      slotIntervalMinutes: 30,
      minLeadMinutes: 60,
      maxCoversPerSlot: 12,
      autoConfirm: false,
      showZone: false,
    },
    shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: lunchAndDinner })),
    closedDays: [],
    zones: [{ name: 'Salle', tables: [{ name: '1', minSeats: 1, maxSeats: 4 }] }],
    staff: [],
  };
}

/** A day of Le Petit Zinc between `fromDays` and `toDays` ahead (each spec its own stretch) with a lunch and a dinner diners can still book. */
export async function openLunchDay(request: APIRequestContext, fromDays: number, toDays: number): Promise<string> {
  for (let offset = fromDays; offset < toDays; offset += 1) {
    const day = localDate(Date.now() + offset * 86_400_000, 'Europe/Paris');
    const hours = (await slotsOf(request, 'le-petit-zinc', day, 'all', 2)).filter((slot) => slot.available).map((slot) => slot.hour);
    if (hours.includes('12:30') && hours.includes('19:30')) return day;
  }
  throw new Error('no open lunch ahead');
}

/** Resolves once the page's live channel for the merchant's availability is subscribed. */
export function availabilitySubscribed(page: Page, slug: string): Promise<unknown> {
  return page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent(
        'framereceived',
        (frame) => /subscription_succeeded/.test(String(frame.payload)) && String(frame.payload).includes(`availability.${slug}`),
      ),
    );
}
