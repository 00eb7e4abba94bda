/**
 * The reminder's text message lets the very person who booked cancel from any phone: its link carries the manage key
 * (and the cancel action) in its fragment, so a fresh browser opens the cancel confirmation and confirming cancels. For
 * a guest who booked online and for a diner whose booking staff took by phone (who never opened the site before).
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, islandsHydrated, test } from './fixture.ts';
import { E2E_ADMIN_TOKEN } from './e2e-env.ts';
import { bookingSeen, newGuest, phoneGuestBooking } from './guest-booking-support.ts';
import { frenchE164, waitForSms } from './sms-outbox-support.ts';
import { postJson } from './tracking-support.ts';

/** Sakura Ramen's demo staff member (the book's specs sign Claire and Salle in often; the sign-in is counted). */
const KENJI = { email: 'kenji@sakura-ramen.example', password: 'tonkotsu-18-heures' };

/** Makes the booking's 24-hour reminder due now through the provider's jobs API (it waits for its time otherwise). */
async function reminderDueNow(request: APIRequestContext, startsAt: Date): Promise<void> {
  const headers = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  const listed = await request.get('/api/admin/jobs?state=pending&limit=1000', { headers });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { jobs } = (await listed.json()) as { jobs: Array<{ id: string; kind: string; payload: { startsAt?: string; hours?: number } }> };
  const reminders = jobs.filter((job) => job.kind === 'booking_reminder' && job.payload.startsAt === startsAt.toISOString() && job.payload.hours === 24);
  expect(reminders.length).toBeGreaterThan(0);
  for (const job of reminders) {
    const retried = await request.post(`/api/admin/jobs/${job.id}/retry`, { headers });
    expect(retried.ok(), await retried.text()).toBe(true);
  }
}

/** A booking staff took by phone at Sakura Ramen, far ahead, for a diner with a phone of their own: its token, time and phone. */
async function phoneBookingByStaff(request: APIRequestContext): Promise<{ token: string; startsAt: Date; phone: string }> {
  const signIn = await postJson<{ access_token: string }>(request, '/api/pro/auth/login', KENJI);
  const bearer = signIn.body.access_token;
  const phone = frenchE164(newGuest().phone);
  for (let days = 82; days < 90; days++) {
    const date = new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const slots = await postJson<{ slots?: Array<{ timestamp: number; available: boolean }> }>(
      request,
      '/api/booking/booking_slots/get',
      { merchant_slug: 'sakura-ramen', date, bookingZoneId: 'all', needed_seats: 2 },
      { allowFailure: true },
    );
    for (const slot of (slots.body.slots ?? []).filter((candidate) => candidate.available)) {
      const taken = await postJson<{ booking?: { token: string } }>(
        request,
        '/api/pro/sakura-ramen/bookings',
        { datetime: slot.timestamp, party: 2, firstname: 'Hiro', lastname: 'Tanaka', phone, lang: 'fr' },
        { bearer, allowFailure: true },
      );
      if (taken.body.booking) return { token: taken.body.booking.token, startsAt: new Date(slot.timestamp * 1000), phone };
    }
  }
  throw new Error('no free time at sakura-ramen for a phone booking');
}

/** The reminder's link (path and fragment) as the diner's phone received it. */
async function reminderLink(phone: string, token: string): Promise<string> {
  const [, link] = await waitForSms(phone, new RegExp(`rappel.*?(https?://\\S+/b/${token}#manage=[A-Za-z0-9_-]+&action=cancel)`, 's'));
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

/** Opens the link in a browser that never saw the booking, confirms the cancellation, and sees it cancelled. */
async function cancelFromFreshBrowser(browser: Browser, baseURL: string | undefined, link: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await islandsHydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Annulée', { exact: true })).toBeVisible();
  expect(page.url()).not.toContain('manage');
  await context.close();
}

test('the reminder SMS of a booking made online cancels it from a fresh browser', async ({ request, browser, baseURL }) => {
  test.setTimeout(60_000);
  const { draft, phone } = await phoneGuestBooking(request, 'le-petit-zinc');
  await reminderDueNow(request, new Date(draft.timestamp * 1000));
  const link = await reminderLink(phone, draft.token);
  expect((await bookingSeen(request, 'le-petit-zinc', draft.token)).status).toBe(10);

  await cancelFromFreshBrowser(browser, baseURL, link);
  expect((await bookingSeen(request, 'le-petit-zinc', draft.token)).status).toBe(40);
});

test('the reminder SMS of a booking staff took by phone cancels it from the diner’s phone', async ({ request, browser, baseURL }) => {
  test.setTimeout(60_000);
  const { token, startsAt, phone } = await phoneBookingByStaff(request);
  await reminderDueNow(request, startsAt);
  const link = await reminderLink(phone, token);
  expect((await bookingSeen(request, 'sakura-ramen', token)).status).toBe(20);

  await cancelFromFreshBrowser(browser, baseURL, link);
  expect((await bookingSeen(request, 'sakura-ramen', token)).status).toBe(40);
});
