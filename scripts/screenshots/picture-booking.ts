/** The booking a picture is of: made by the picture's path step, read by its setup step. */
import { nextPicture, openDinnerDay, postApi, type PictureBooking } from './shot.ts';

/** A le-petit-zinc draft for 2 on a dinner day, with a guest's contact details; validated unless asked not to. */
async function pictureBooking(baseUrl: string, validated: boolean): Promise<PictureBooking> {
  const slug = 'le-petit-zinc';
  const date = await openDinnerDay(baseUrl, slug);
  const { slots } = await postApi<{ slots: { timestamp: number; hour: string; available: boolean }[] }>(baseUrl, '/api/booking/booking_slots/get', {
    merchant_slug: slug,
    date,
    bookingZoneId: 'all',
    needed_seats: 2,
  });
  // Dinner for the picture, and a time nobody else took (each picture books anew).
  const slot = [...slots].reverse().find((candidate) => candidate.available && candidate.hour >= '19:00') ?? slots.find((candidate) => candidate.available);
  if (!slot) throw new Error(`no free time at ${slug} on ${date}`);
  // Each picture is its own diner: one phone holds one booking per restaurant and time, and a device a few drafts.
  const picture = nextPicture();
  const device = { 'x-couvert-device': `screenshots-picture-${String(picture).padStart(4, '0')}` };
  const { token } = await postApi<{ token: string }>(
    baseUrl,
    '/api/booking/create',
    { merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 },
    undefined,
    device,
  );
  const { access_token: bearer } = await postApi<{ access_token: string }>(baseUrl, '/api/front/user/no_account', {
    firstname: 'Camille',
    lastname: 'Durand',
    phone: `+336123456${String(picture % 100).padStart(2, '0')}`,
    email: 'camille.durand@example.org',
    bookingToken: token,
  });
  if (validated) await postApi(baseUrl, '/api/booking/validate', { token, merchant_slug: slug }, bearer);
  return { token, bearer };
}

// The booking the current picture is of: made by its path step, used by its setup step.
let current: PictureBooking | undefined;

/** Makes the booking the next picture is of (see pictureBooking). */
export async function makePictureBooking(baseUrl: string, validated: boolean): Promise<PictureBooking> {
  current = await pictureBooking(baseUrl, validated);
  return current;
}

/** The booking the current picture is of. */
export function currentBooking(): PictureBooking {
  if (!current) throw new Error('no booking made for the picture');
  return current;
}
