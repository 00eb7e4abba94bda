/** The Validate and tracking pages' pictures: a booking made for each, in the state to show. */
import type { Page } from 'playwright-core';
import { currentBooking, makePictureBooking } from './picture-booking.ts';
import type { Shot, ShotContext } from './shot.ts';

/** Opens the Validate page of a fresh draft as its signed-in guest (the session is stored before the page loads). */
async function openValidate(page: Page): Promise<void> {
  const current = currentBooking();
  const { token, bearer } = current;
  await page.evaluate(
    ({ stored, booking }) => {
      localStorage.setItem('bearer', stored);
      localStorage.setItem('current_merchant', 'le-petit-zinc');
      localStorage.setItem('token_le-petit-zinc', booking);
    },
    { stored: bearer, booking: token },
  );
  await page.goto(`/le-petit-zinc/validate/${token}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: 'À valider' }).waitFor();
}

/** Before the page loads: the browser holds the picture's booking and its guest's session, as the diner's own phone does. */
async function asItsGuest(page: Page): Promise<void> {
  const current = currentBooking();
  await page.addInitScript(
    ({ token, bearer }) => {
      localStorage.setItem('bearer', bearer);
      localStorage.setItem('guest_booking', token);
      localStorage.setItem(`guest_bearer_${token}`, bearer);
      localStorage.setItem('current_merchant', 'le-petit-zinc');
      localStorage.setItem('token_le-petit-zinc', token);
    },
    { token: current.token, bearer: current.bearer },
  );
}

/** A restaurant action on the picture's booking through the admin API. */
async function restaurantActs(context: ShotContext, action: string, body: Record<string, string>): Promise<void> {
  const current = currentBooking();
  if (!context.adminToken) throw new Error('the restaurant pictures need the admin token (run without --url, or set ADMIN_TOKEN)');
  const response = await fetch(`${context.baseUrl}/api/admin/bookings/${current.token}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${context.adminToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`admin ${action} answered ${response.status}`);
}

export const EARLY_SLUG = 'estaminet-bruxelles';

/** Imports a Brussels restaurant (Belgian phone) whose service today is already over, and waits for its page. */
export async function putClosingEarlyMerchant(baseUrl: string, adminToken: string | undefined): Promise<void> {
  if (!adminToken) throw new Error('this picture needs the admin token (run without --url, or set ADMIN_TOKEN)');
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', weekday: 'short' }).format(new Date());
  const todayNumber = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(today) + 1;
  const service = [
    { start: '12:00', end: '14:00' },
    { start: '19:00', end: '22:00' },
  ];
  const definition = {
    slug: EARLY_SLUG,
    name: "L'Estaminet",
    timezone: 'Europe/Brussels',
    address: { address: 'Rue du Marché aux Herbes 7', address2: '', zip: '1000', city: 'Bruxelles' },
    phone: '+32 2 512 34 56',
    url: 'https://estaminet.example',
    description: 'Un estaminet bruxellois : carbonnade, croquettes aux crevettes et bières du pays.',
    bookingDescription: '',
    theme: { primary: '#6b3a1f', background: '#fbf7f2' },
    bookingEnabled: true,
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
    shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: day === todayNumber ? [{ start: '00:00', end: '00:30' }] : service })),
    closedDays: [],
    zones: [{ name: 'Salle', tables: [{ name: '1', minSeats: 1, maxSeats: 4 }] }],
    staff: [],
  };
  const response = await fetch(`${baseUrl}/api/admin/merchants/${EARLY_SLUG}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(definition),
  });
  if (!response.ok) throw new Error(`admin import answered ${response.status}`);
  // Importing rebuilds the site: wait until the page is served.
  for (let tries = 0; tries < 300; tries += 1) {
    if ((await fetch(`${baseUrl}/${EARLY_SLUG}`)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the imported restaurant was never served');
}

/** The Validate and tracking pictures (a booking is made for each). */
export const TRACKING_SHOTS: Shot[] = [
  {
    name: 'validate',
    // A plain file of the site first: the session must be stored before Validate loads.
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, false), '/robots.txt'),
    // What the diner sees: a whole-page picture would show the floating button halfway down.
    fullPage: false,
    setup: openValidate,
  },
  {
    name: 'validate-terms-error',
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, false), '/robots.txt'),
    fullPage: false,
    setup: async (page) => {
      await openValidate(page);
      await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
      await page.getByText('Veuillez accepter les conditions générales').waitFor();
    },
  },
  {
    // The hold's last minute: the page's clock is told the server is 9 min 20 s ahead, so the fresh draft has 40 s left.
    name: 'validate-hold-ending',
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, false), '/robots.txt'),
    fullPage: false,
    before: async (page) => {
      await page.route('**/api/server_time', (route) => route.fulfill({ json: { success: true, time: Math.floor(Date.now() / 1000) + 9 * 60 + 20 } }));
    },
    setup: async (page) => {
      await openValidate(page);
      await page.getByText(/Table retenue pour vous encore \d0 s/).waitFor();
    },
  },
  {
    // Validation finds the table gone (the answer is faked; the free times offered are the real ones).
    name: 'validate-alternatives',
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, false), '/robots.txt'),
    fullPage: false,
    before: async (page) => {
      await page.route('**/api/booking/validate', (route) =>
        route.fulfill({ status: 409, json: { success: false, error_code: 'no_seats_available', message: 'No seats available' } }),
      );
    },
    setup: async (page) => {
      await openValidate(page);
      await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
      await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
      const offered = page.getByRole('region', { name: 'Horaires libres les plus proches' });
      await offered.getByRole('button').first().waitFor();
      await page.getByRole('alert').evaluate((alert) => alert.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'booking-complete',
    path: async ({ baseUrl }) => {
      const current = await makePictureBooking(baseUrl, true);
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: asItsGuest,
    setup: async (page) => {
      await page.getByText('En attente').waitFor();
    },
  },
  {
    // The plain link Share sends, opened by someone else: view-only (canManage false).
    name: 'booking-complete-shared',
    path: async ({ baseUrl }) => {
      const current = await makePictureBooking(baseUrl, true);
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    setup: async (page) => {
      await page.getByText('Partagée avec vous').waitFor();
    },
  },
  {
    // The same booking as its boot script draws it before the island has loaded (src/components/TrackingFirstView.astro).
    name: 'booking-complete-first-view',
    path: async ({ baseUrl }) => {
      const current = await makePictureBooking(baseUrl, true);
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: async (page) => {
      await asItsGuest(page);
      await page.route('**/_astro/BookingComplete.*.js', (route) => route.abort());
    },
    setup: async (page) => {
      await page.getByText('En attente').waitFor();
    },
  },
  {
    name: 'booking-complete-confirmed',
    path: async (context) => {
      const current = await makePictureBooking(context.baseUrl, true);
      await restaurantActs(context, 'confirm', {});
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: asItsGuest,
    setup: async (page) => {
      await page.getByText('Confirmée').waitFor();
    },
  },
  {
    name: 'booking-complete-refused',
    path: async (context) => {
      const current = await makePictureBooking(context.baseUrl, true);
      await restaurantActs(context, 'refuse', { reason: 'restaurant_full', message: 'Une privatisation ce soir-là, toutes nos excuses.' });
      return `/le-petit-zinc/booking_complete/${current.token}`;
    },
    before: asItsGuest,
    setup: async (page) => {
      await page.getByText('Annulée par le restaurant').waitFor();
    },
  },
  {
    name: 'booking-complete-cancel',
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, true), '/robots.txt'),
    fullPage: false,
    setup: async (page) => {
      const current = currentBooking();
      await page.evaluate((bearer) => localStorage.setItem('bearer', bearer), current.bearer);
      await page.goto(`/le-petit-zinc/booking_complete/${current.token}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Annuler la réservation' }).click();
      await page.getByRole('dialog', { name: 'Annuler cette réservation ?' }).waitFor();
    },
  },
];
