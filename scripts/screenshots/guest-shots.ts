/** The guest profile's and the day sheet's pictures: the profile dialog, the book's badges, the sheet on screen and printed at A4. */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { asStaff, pictureBookDay } from './staff-shots.ts';
import type { Shot } from './shot.ts';

const SCREENSHOTS = path.join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** What the pictures' staff keep on some of the book's diners, by the diner's name. */
const PROFILES: Record<string, Record<string, unknown>> = {
  'Camille Durand': {
    vip: true,
    regular: false,
    seating: 'Près de la fenêtre',
    allergens: ['peanuts', 'sesame'],
    note: 'Fête ses 40 ans ce soir ; préfère le vin nature.',
  },
  'Hugo Bernard': { vip: false, regular: true, seating: '', allergens: ['gluten'], note: '' },
  'Paul Girard': { vip: true, regular: true, seating: 'Banquette', allergens: [], note: 'Ami du chef.' },
};

let tagged: Promise<{ path: string; day: string; slug: string }> | undefined;

/** The book's picture day with its diners' profiles kept (once per run). */
async function pictureGuests(baseUrl: string): Promise<{ path: string; day: string; slug: string }> {
  const { path: bookPath, bearer } = await pictureBookDay(baseUrl);
  const url = new URL(bookPath, baseUrl);
  const slug = url.pathname.split('/').pop()!;
  const day = url.searchParams.get('day')!;
  const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
  const response = await fetch(`${baseUrl}/api/pro/${slug}/bookings?day=${day}`, { headers });
  const { bookings } = (await response.json()) as { bookings: { token: string; diner: { firstname: string; lastname: string }; guest: unknown }[] };
  for (const booking of bookings) {
    const tags = PROFILES[`${booking.diner.firstname} ${booking.diner.lastname}`];
    if (!tags || booking.guest) continue;
    const saved = await fetch(`${baseUrl}/api/pro/${slug}/bookings/${booking.token}/guest`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...tags, revision: 0 }),
    });
    if (!saved.ok) throw new Error(`guest profile of ${booking.token}: ${saved.status} ${await saved.text()}`);
  }
  return { path: bookPath, day, slug };
}

const sheetPath = async (baseUrl: string) => {
  const { slug, day } = await (tagged ??= pictureGuests(baseUrl));
  return `/pro/${slug}/day-sheet?date=${day}`;
};

const sheetShown = async (page: Page) => {
  await page.getByRole('row').filter({ hasText: 'Camille Durand' }).waitFor();
};

/** The guest profile in the book, and the day sheet. */
export const GUEST_SHOTS: Shot[] = [
  {
    name: 'staff-guest-profile',
    path: async ({ baseUrl }) => (await (tagged ??= pictureGuests(baseUrl))).path,
    widths: [390, 1024],
    fullPage: false,
    before: asStaff,
    setup: async (page) => {
      await page.getByRole('article').filter({ hasText: 'Camille Durand' }).first().getByRole('button', { name: 'Fiche client' }).click();
      await page
        .getByRole('dialog', { name: /^Fiche client/ })
        .getByRole('checkbox', { name: 'arachides' })
        .waitFor();
    },
  },
  {
    name: 'staff-guest-profile-badges',
    path: async ({ baseUrl }) => (await (tagged ??= pictureGuests(baseUrl))).path,
    widths: [390, 1024],
    before: asStaff,
    setup: async (page) => {
      await page.getByText('Allergies : arachides, sésame').first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-guest-profile-compact',
    path: async ({ baseUrl }) => (await (tagged ??= pictureGuests(baseUrl))).path,
    widths: [390, 1024],
    before: async (page) => {
      await asStaff(page);
      await page.addInitScript(() => localStorage.setItem('staff_compact', '1'));
    },
    setup: async (page) => {
      await page.getByText('VIP', { exact: true }).first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-day-sheet',
    path: async ({ baseUrl }) => sheetPath(baseUrl),
    widths: [390, 1024],
    before: asStaff,
    setup: sheetShown,
  },
  {
    // A4 at 96 dpi is 794 px wide: the sheet as printed (print media), and the PDF Chromium prints of it beside.
    name: 'staff-day-sheet-print',
    path: async ({ baseUrl }) => sheetPath(baseUrl),
    widths: [794],
    before: asStaff,
    setup: async (page) => {
      await sheetShown(page);
      await page.emulateMedia({ media: 'print' });
      await page.pdf({ path: path.join(SCREENSHOTS, 'staff-day-sheet-a4.pdf'), format: 'A4', preferCSSPageSize: true });
    },
  },
];
