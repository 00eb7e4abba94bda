/** The account page's pictures: an account made with bookings coming, confirmed and cancelled, or a guest's booking. */
import { postApi, openDinnerDay, nextPicture, type Shot } from './shot.ts';

/** An account made for the account page's picture: its bearer, with bookings coming, confirmed and cancelled. */
async function pictureAccount(baseUrl: string): Promise<string> {
  const picture = nextPicture();
  const { access_token: bearer } = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/register', {
    firstname: 'Camille',
    lastname: 'Durand',
    email: `camille.${Date.now().toString(36)}.${picture}@example.org`,
    phone: `+336987654${String(picture % 100).padStart(2, '0')}`,
    password: 'un mot de passe bien long',
  });
  const book = async (slug: string, seats: number) => {
    const date = await openDinnerDay(baseUrl, slug);
    const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
      merchant_slug: slug,
      date,
      bookingZoneId: 'all',
      needed_seats: seats,
    });
    const slot = slots.find((candidate) => candidate.available && candidate.hour >= '20:00') ?? slots.find((candidate) => candidate.available);
    if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
    const device = { 'x-couvert-device': `screenshots-account-${String(picture).padStart(4, '0')}-${slug}` };
    const { token } = await postApi<{ token: string }>(
      baseUrl,
      '/api/booking/create',
      { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: seats },
      bearer,
      device,
    );
    await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, bearer);
    return token;
  };
  await book('le-petit-zinc', 2);
  await book('sakura-ramen', 4);
  const cancelled = await book('trattoria-nonna', 3);
  await postApi(baseUrl, '/api/booking/cancel', { token: cancelled, merchant_slug: 'trattoria-nonna' }, bearer);
  return bearer;
}

let accountBearer: string | undefined;

/** An account whose email a guest booked with before: the account page then offers to attach that booking. */
async function pictureAccountWithGuestBooking(baseUrl: string): Promise<string> {
  const picture = nextPicture();
  const email = `ines.${Date.now().toString(36)}.${picture}@example.org`;
  const slug = 'sakura-ramen';
  const date = await openDinnerDay(baseUrl, slug);
  const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
    merchant_slug: slug,
    date,
    bookingZoneId: 'all',
    needed_seats: 2,
  });
  const slot = slots.find((candidate) => candidate.available);
  if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
  const device = { 'x-couvert-device': `screenshots-guest-${String(picture).padStart(4, '0')}` };
  const { token } = await postApi<{ token: string }>(
    baseUrl,
    '/api/booking/create',
    { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 },
    undefined,
    device,
  );
  const phone = `+336987655${String(picture % 100).padStart(2, '0')}`;
  const guest = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/no_account', {
    firstname: 'Inès',
    lastname: 'Moreau',
    phone,
    email,
    bookingToken: token,
  });
  await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, guest.access_token);
  const account = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/register', {
    firstname: 'Inès',
    lastname: 'Moreau',
    email,
    phone,
    password: 'un mot de passe bien long',
  });
  return account.access_token;
}

/** The account page offering the bookings made as a guest, then its code step. */
export const GUEST_BOOKINGS_SHOTS: Shot[] = [false, true].map((codeStep) => ({
  name: codeStep ? 'account-guest-bookings-code' : 'account-guest-bookings',
  path: async ({ baseUrl }) => ((accountBearer = await pictureAccountWithGuestBooking(baseUrl)), '/account'),
  before: async (page) => {
    await page.addInitScript((bearer) => {
      localStorage.setItem('bearer', bearer);
      localStorage.setItem('current_merchant', 'sakura-ramen');
    }, accountBearer!);
  },
  setup: async (page) => {
    const offer = page.getByRole('region', { name: 'Réservations faites sans compte' });
    await offer.waitFor();
    if (!codeStep) return;
    await offer.getByRole('button', { name: /Recevoir un code par email/ }).click();
    await offer.getByRole('textbox', { name: 'Code reçu (6 chiffres)' }).waitFor();
  },
}));

/** The account page: coming bookings at two merchants and a cancelled one, in the colours of the merchant the diner came from. */
export const ACCOUNT_SHOTS: Shot[] = [
  {
    name: 'account',
    path: async ({ baseUrl }) => ((accountBearer = await pictureAccount(baseUrl)), '/account'),
    before: async (page) => {
      await page.addInitScript((bearer) => {
        localStorage.setItem('bearer', bearer);
        localStorage.setItem('current_merchant', 'le-petit-zinc');
      }, accountBearer!);
    },
    setup: async (page) => {
      await page.getByRole('region', { name: 'À venir' }).getByRole('link').first().waitFor();
    },
  },
];
