/** A guest's booking through the site's own screens (BookingHome, NoAuth, Validate), for the e2e tests that book more than once. */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, islandsHydrated } from './fixture.ts';
import { frenchLongDate, type MerchantInfo } from './booking-home-support.ts';
import { frenchE164 } from './sms-outbox-support.ts';
import { createDraft, postJson, validateThroughApi, type E2EDraft } from './tracking-support.ts';

/** What a guest types on NoAuth. */
export interface GuestDetails {
  firstname: string;
  lastname: string;
  /** As typed, e.g. "06 21 23 45 67". */
  phone: string;
}

/** A guest with a phone of their own (a French mobile range: 06 2x), so other tests' bookings never count against it. */
export function newGuest(firstname = 'Camille', lastname = 'Durand'): GuestDetails {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { firstname, lastname, phone: `06 2${digits[0]} ${digits.slice(1, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)}` };
}

/** `count` different open days of the merchant from `fromDays` days ahead (one booking each: a phone's daily limit never bites). */
export function openDays(info: MerchantInfo, fromDays: number, count: number): string[] {
  const days: string[] = [];
  for (let offset = fromDays; days.length < count && offset < fromDays + 120; offset += 1) {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: info.merchant.timezone }).format(Date.now() + offset * 86_400_000);
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const open = info.shifts.find((shift) => shift.day === weekday)?.slots.some((slot) => slot.end >= '20:00');
    if (open && !info.closes.includes(date) && !days.includes(date)) days.push(date);
  }
  if (days.length < count) throw new Error('not enough open days ahead');
  return days;
}

/** On BookingHome (already open): picks the day, two guests, the zone (when the merchant has a choice) and the first free time. */
export async function chooseOnHome(page: Page, date: string, zone: string | null): Promise<void> {
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Autre date' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choisissez une date' });
  const day = calendar.getByRole('button', { name: frenchLongDate(date), exact: true });
  for (let i = 0; i < 4 && !(await day.isVisible()); i += 1) await calendar.getByRole('button', { name: 'Mois suivant' }).click();
  await day.click();
  await page.getByRole('group', { name: 'Nombre de convives' }).getByRole('radio', { name: '2 personnes' }).click();
  if (zone) await page.getByRole('group', { name: 'Espace', exact: true }).getByRole('radio', { name: zone }).click();
  await page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { disabled: false }).first().click();
}

/**
 * From Continue on BookingHome to the tracking page: NoAuth (typing `typed`, or checking that the last guest's details
 * are already there), Validate, BookingComplete. Returns the new booking's token.
 */
export async function continueAsGuestToTracking(page: Page, slug: string, typed: GuestDetails | { prefilled: GuestDetails }): Promise<string> {
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/auth\/no_account$/);
  await islandsHydrated(page);
  const firstname = page.getByRole('textbox', { name: 'Prénom' });
  const lastname = page.getByRole('textbox', { name: 'Nom', exact: true });
  const phone = page.getByRole('textbox', { name: 'Téléphone' });
  if ('prefilled' in typed) {
    await expect(firstname).toHaveValue(typed.prefilled.firstname);
    await expect(lastname).toHaveValue(typed.prefilled.lastname);
    await expect(phone).not.toHaveValue('');
  } else {
    await firstname.fill(typed.firstname);
    await lastname.fill(typed.lastname);
    await phone.fill(typed.phone);
  }
  await page.getByRole('button', { name: 'Continuer' }).click();

  await expect(page).toHaveURL(new RegExp(`/${slug}/validate/[A-Za-z0-9_-]+$`));
  const token = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();
  await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
  await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/booking_complete/${token}$`));
  return token;
}

/** A booking as the API shows it. */
export interface BookingSeen {
  status: number | null;
  bookingForDate: string;
  bookingForHour: string;
  clientCount: number;
}

/** Reads a booking through the API. */
export async function bookingSeen(request: APIRequestContext, slug: string, token: string): Promise<BookingSeen> {
  return (await postJson<{ booking: BookingSeen }>(request, '/api/booking/get', { token, merchant_slug: slug })).body.booking;
}

/** A booking validated through the API by a guest with a phone of their own at `slug`: the draft, the phone (E.164) and the guest's bearer. */
export async function phoneGuestBooking(request: APIRequestContext, slug: string): Promise<{ draft: E2EDraft; phone: string; bearer: string }> {
  const draft = await createDraft(request, slug, 2);
  const phone = frenchE164(newGuest().phone);
  const session = await postJson<{ access_token: string }>(request, '/api/front/user/no_account', {
    firstname: 'Camille',
    lastname: 'Durand',
    phone,
    email: '',
    bookingToken: draft.token,
  });
  const bearer = session.body.access_token;
  await validateThroughApi(request, draft, bearer);
  return { draft, phone, bearer };
}
