import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import type { MailMessage } from '../../../src/server/mail/mailer.ts';
import { $auth, signOut } from '../../../src/stores/auth.ts';
import { $guestBookings, attachGuestBookingsWithCode, loadGuestBookingsOffer, sendGuestBookingsCode } from '../../../src/stores/guest-bookings.ts';
import { $myBookings } from '../../../src/stores/my-bookings.ts';
import { registerAccount } from '../../../src/stores/sign-in.ts';
import { draftBooking } from '../../support/draft-booking.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { installStorage } from '../support/browser-storage.ts';

let server: TestServer;
const mails: MailMessage[] = [];
let diners = 0;

beforeAll(async () => {
  server = await startTestServer({ listen: true, accounts: { mailer: { send: async (message) => void mails.push(message), close: () => {} } } });
});
afterAll(() => server.close());
beforeEach(() => {
  installStorage();
  setApiBaseUrl(server.url);
  signOut();
  $guestBookings.set({ status: 'none' });
});

/** A booking a guest validated with `email`; its token. */
async function guestBooked(email: string): Promise<string> {
  diners += 1;
  const draft = await draftBooking(server, 'sakura-ramen');
  const guest = await server.post('/api/front/user/no_account', {
    firstname: 'Eva',
    lastname: 'Roux',
    phone: `+3361234560${diners}`,
    email,
    bookingToken: draft.token,
  });
  const bearer = guest.body.access_token as string;
  expect((await server.post('/api/booking/validate', { merchant_slug: draft.slug, token: draft.token }, { bearer })).status).toBe(200);
  return draft.token;
}

async function registered(email: string): Promise<void> {
  const outcome = await registerAccount({ firstname: 'Eva', lastname: 'Roux', email, phone: `+3361234570${diners}`, password: 'a-long-and-rare-passphrase' });
  expect(outcome.ok).toBe(true);
}

const mailedCode = (email: string) => /\b(\d{6})\b/.exec([...mails].reverse().find((mail) => mail.to === email)!.text)![1]!;

describe('the offer of the bookings made as a guest ($guestBookings)', () => {
  test('offers them, sends the code, and a right code attaches them and reloads the list with them', async () => {
    const email = 'eva.store@example.test';
    const token = await guestBooked(email);
    await registered(email);
    expect($auth.get().bearer).toBeTruthy();
    await loadGuestBookingsOffer();
    expect($guestBookings.get()).toMatchObject({ status: 'offer', channels: { email: { count: 1 } } });

    await sendGuestBookingsCode('email', 'fr');
    expect($guestBookings.get()).toMatchObject({ status: 'code', channel: 'email', pending: false, error: null });
    const code = mailedCode(email);
    await attachGuestBookingsWithCode(code === '000000' ? '000001' : '000000');
    expect($guestBookings.get()).toMatchObject({ status: 'code', error: 'identity_proof_invalid' });

    await attachGuestBookingsWithCode(code);
    expect($guestBookings.get()).toEqual({ status: 'done', attached: 1 });
    const list = $myBookings.get();
    expect(list.status === 'ready' ? list.coming.map((booking) => booking.token) : list).toEqual([token]);
  });

  test('nothing is offered to an account with no guest booking under its contacts', async () => {
    await registered('nobody.store@example.test');
    await loadGuestBookingsOffer();
    expect($guestBookings.get()).toEqual({ status: 'none' });
  });
});
