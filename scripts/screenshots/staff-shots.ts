/** The staff pages' pictures: sign-in, the book (cards, compact, timeline, calendar, dialogs) and its closings. */
import type { Page } from 'playwright-core';
import { localToInstant } from '../../src/shared/local-time.ts';
import { postApi, openDinnerDay, nextPicture, type Shot } from './shot.ts';

/** A staff bearer of le-petit-zinc's, and the merchants sign-in answered, as the staff pages store them. */
async function staffSession(baseUrl: string): Promise<{ bearer: string; merchants: unknown }> {
  const { access_token: bearer, merchants } = await postApi<{ access_token: string; merchants: unknown }>(baseUrl, '/api/pro/auth/login', {
    email: 'claire@le-petit-zinc.example',
    password: 'zinc-comptoir-1952',
  });
  return { bearer, merchants };
}

let staff: { bearer: string; merchants: unknown } | undefined;
// The book's bookings are made once per run: every width and picture of the book shows the same day.
let bookPath: Promise<string> | undefined;

/** A dinner day of le-petit-zinc's with bookings of every kind: pending (with a comment), confirmed, a phone booking, a refusal. */
async function pictureBook(baseUrl: string): Promise<string> {
  staff = await staffSession(baseUrl);
  const slug = 'le-petit-zinc';
  const date = await openDinnerDay(baseUrl, slug);
  const diners = [
    { firstname: 'Camille', lastname: 'Durand', seats: 2, comment: 'Une table près de la fenêtre si possible' },
    { firstname: 'Hugo', lastname: 'Bernard', seats: 4, comment: '' },
    { firstname: 'Léa', lastname: 'Moreau', seats: 3, comment: 'Anniversaire : un dessert avec une bougie ?' },
    { firstname: 'Nathan', lastname: 'Petit', seats: 2, comment: '' },
  ];
  const tokens: string[] = [];
  for (const [index, diner] of diners.entries()) {
    const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
      merchant_slug: slug,
      date,
      bookingZoneId: 'all',
      needed_seats: diner.seats,
    });
    const slot = slots.filter((candidate) => candidate.available && candidate.hour >= '19:30')[index * 2] ?? slots.find((candidate) => candidate.available);
    if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
    const picture = nextPicture();
    const device = { 'x-couvert-device': `screenshots-book-${String(picture).padStart(4, '0')}` };
    const { token } = await postApi<{ token: string }>(
      baseUrl,
      '/api/booking/create',
      { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: diner.seats },
      undefined,
      device,
    );
    const { access_token: bearer } = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/no_account', {
      firstname: diner.firstname,
      lastname: diner.lastname,
      phone: `+3362${String((Date.now() + picture) % 10_000_000).padStart(7, '0')}`,
      email: `${diner.firstname.toLowerCase()}@example.org`,
      bookingToken: token,
    });
    if (diner.comment) await postApi(baseUrl, '/api/booking/set_comment', { token, merchant_slug: slug, comment: diner.comment }, bearer);
    await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, bearer);
    tokens.push(token);
  }
  const act = (token: string, action: string, body: unknown = {}) => postApi(baseUrl, `/api/pro/${slug}/bookings/${token}/${action}`, body, staff!.bearer);
  await act(tokens[1]!, 'confirm');
  await act(tokens[1]!, 'note', { note: 'Habitués : table 4 de préférence' });
  await act(tokens[3]!, 'refuse', { reason: 'restaurant_full', message: 'Désolés, nous sommes complets ce soir.' });
  const lunch = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
    merchant_slug: slug,
    date,
    bookingZoneId: 'all',
    needed_seats: 2,
  });
  const noon = lunch.slots.find((candidate) => candidate.available && candidate.hour < '15:00');
  if (noon) {
    await postApi(
      baseUrl,
      `/api/pro/${slug}/bookings`,
      { datetime: noon.timestamp, party: 2, firstname: 'Paul', lastname: 'Girard', phone: '+33 6 12 34 56 78' },
      staff.bearer,
    );
  }
  return `/pro/${slug}?day=${date}`;
}

/** The book's picture day (made once per run) and the staff bearer that made it, for other pictures of that day. */
export async function pictureBookDay(baseUrl: string): Promise<{ path: string; bearer: string }> {
  const path = await (bookPath ??= pictureBook(baseUrl));
  return { path, bearer: staff!.bearer };
}

let closingPath: Promise<string> | undefined;

/** The book's picture day with its lunch closed online (over the phone booking taken then) and 21:30–22:30 stopped. */
async function pictureClosings(baseUrl: string): Promise<string> {
  const book = await (bookPath ??= pictureBook(baseUrl));
  const url = new URL(book, baseUrl);
  const slug = url.pathname.split('/').pop()!;
  const date = url.searchParams.get('day')!;
  const response = await fetch(`${baseUrl}/api/pro/${slug}/bookings?day=${date}`, { headers: { authorization: `Bearer ${staff!.bearer}` } });
  const { services } = (await response.json()) as { services: { id: string; start: string }[] };
  const lunch = services.find((service) => service.start < '15:00');
  if (lunch) await postApi(baseUrl, `/api/pro/${slug}/closings`, { kind: 'shift', day: date, shift_id: lunch.id, note: 'Privatisation' }, staff!.bearer);
  const at = (time: string) => localToInstant(date, time, 'Europe/Paris')!.toISOString();
  await postApi(baseUrl, `/api/pro/${slug}/closings`, { kind: 'range', starts_at: at('21:30'), ends_at: at('22:30') }, staff!.bearer);
  return book;
}

/** Signs the page in as the pictures' staff member before it opens. */
export const asStaff = async (page: Page) => {
  await page.addInitScript(
    ({ bearer, merchants }) => {
      localStorage.setItem('staff_bearer', bearer);
      localStorage.setItem('staff_merchants', JSON.stringify(merchants));
    },
    { bearer: staff!.bearer, merchants: staff!.merchants },
  );
};

/** The staff pages: sign-in, and the book of a day with bookings (a tablet's width too: the host stand's). */
export const STAFF_SHOTS: Shot[] = [
  {
    name: 'staff-sign-in',
    path: '/pro',
    widths: [390, 1024, 1280],
    setup: async (page) => {
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    },
  },
  {
    name: 'staff-book',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 768, 1024, 1280],
    before: async (page) => {
      await page.addInitScript(
        ({ bearer, merchants }) => {
          localStorage.setItem('staff_bearer', bearer);
          localStorage.setItem('staff_merchants', JSON.stringify(merchants));
        },
        { bearer: staff!.bearer, merchants: staff!.merchants },
      );
    },
    setup: async (page) => {
      await page.getByRole('heading', { name: 'Camille Durand' }).first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-book-compact',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 1024, 1280],
    before: async (page) => {
      await asStaff(page);
      await page.addInitScript(() => localStorage.setItem('staff_view', 'compact'));
    },
    setup: async (page) => {
      await page.getByRole('article').first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-calendar',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 1024, 1280],
    fullPage: false,
    before: asStaff,
    setup: async (page) => {
      await page.getByRole('article').first().waitFor();
      await page.getByRole('button', { name: /Choisir un autre jour/ }).click();
      await page.locator('.cal-day.is-marked').first().waitFor();
    },
  },
  {
    name: 'staff-forgot-password',
    path: '/pro',
    widths: [390, 1024, 1280],
    setup: async (page) => {
      await page.locator('astro-island[ssr]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      await page.getByRole('button', { name: 'Envoyer le lien' }).waitFor();
    },
  },
  {
    name: 'staff-book-refuse',
    path: async ({ baseUrl }) => (bookPath ??= pictureBook(baseUrl)),
    widths: [390, 1024],
    fullPage: false,
    before: async (page) => {
      await page.addInitScript(
        ({ bearer, merchants }) => {
          localStorage.setItem('staff_bearer', bearer);
          localStorage.setItem('staff_merchants', JSON.stringify(merchants));
        },
        { bearer: staff!.bearer, merchants: staff!.merchants },
      );
    },
    setup: async (page) => {
      await page.getByRole('article').filter({ hasText: 'Camille Durand' }).first().getByRole('button', { name: 'Refuser' }).click();
      const dialog = page.getByRole('dialog', { name: 'Refuser la réservation ?' });
      await dialog.getByRole('textbox', { name: 'Message au client (facultatif)' }).fill('Désolés, nous sommes complets ce soir.');
    },
  },
  {
    name: 'staff-closing-book',
    path: async ({ baseUrl }) => (closingPath ??= pictureClosings(baseUrl)),
    widths: [390, 1024],
    before: asStaff,
    setup: async (page) => {
      await page.getByText('Fermé en ligne').first().waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
  {
    name: 'staff-closing-dialog',
    path: async ({ baseUrl }) => (closingPath ??= pictureClosings(baseUrl)),
    widths: [390, 1024],
    fullPage: false,
    before: asStaff,
    setup: async (page) => {
      await page.getByText('Fermé en ligne').first().waitFor();
      await page.getByRole('button', { name: 'Fermer en ligne…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Fermer à la réservation en ligne' });
      await dialog.getByRole('radio', { name: 'Une plage horaire' }).check();
      await dialog.getByRole('combobox', { name: 'De' }).selectOption('19:00');
      await dialog.getByRole('combobox', { name: 'Jusqu’à' }).selectOption('19:30');
      await dialog.getByRole('textbox', { name: /Note pour l’équipe/ }).fill('Groupe de 12 à 19 h');
    },
  },
  {
    name: 'staff-timeline',
    // The book's day as a timeline (tables down, the services across; the closed lunch and 21:30–22:30 shaded), at a
    // tablet's widths and a phone's.
    path: async ({ baseUrl }) => (closingPath ??= pictureClosings(baseUrl)),
    widths: [390, 768, 1024],
    before: async (page) => {
      await asStaff(page);
      await page.addInitScript(() => localStorage.setItem('staff_view', 'timeline'));
    },
    setup: async (page) => {
      await page
        .getByRole('button', { name: /^Camille Durand, / })
        .first()
        .waitFor();
      await page.locator('[data-live="subscribed"]').waitFor();
    },
  },
];
