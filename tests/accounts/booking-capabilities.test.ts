import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/db/schema.ts';
import { draftBooking, type Draft } from '../support/draft-booking.ts';
import { useTestServer } from '../support/use-test-server.ts';

// The capability model (docs/security.md): the booking token views, the manage key (exchanged through
// booking_session) manages, and the owner's own bearer manages. Every booking call, by every kind of caller.
const t = useTestServer({ trustProxy: true });

type Ownership = 'a guest' | 'an account';
type Caller =
  | 'nobody (a made-up token)'
  | 'the view token only'
  | 'a manage-key session of this booking'
  | 'a manage-key session of another booking'
  | 'its owner'
  | 'another account'
  | 'another guest';
type Action =
  'get' | 'change (create with its token)' | 'cancel' | 'set_comment' | 'validate' | 'update_user' | 'export_ical' | 'booking_session' | 'no_account';

/** An answer: 'manages' (200, canManage, contact details), 'views' (200, canManage false, no contact details), 'ok' (200), or [status, error_code]. */
type Outcome = 'manages' | 'views' | 'ok' | [number, string];

const NOT_FOUND: Outcome = [404, 'booking_not_found'];
const SIGN_IN: Outcome = [401, 'unauthenticated'];
const FORBIDDEN: Outcome = [403, 'booking_forbidden'];
const WRONG_KEY: Outcome = [403, 'manage_key_invalid'];

/** What a caller may do with the booking, the same whether a guest or an account owns it, but for no_account. */
const rights: Record<Caller, Record<Exclude<Action, 'no_account'>, Outcome>> = {
  'nobody (a made-up token)': {
    get: NOT_FOUND,
    'change (create with its token)': NOT_FOUND,
    cancel: NOT_FOUND,
    set_comment: NOT_FOUND,
    validate: SIGN_IN,
    update_user: SIGN_IN,
    export_ical: NOT_FOUND,
    booking_session: NOT_FOUND,
  },
  'the view token only': {
    get: 'views',
    'change (create with its token)': SIGN_IN,
    cancel: SIGN_IN,
    set_comment: SIGN_IN,
    validate: SIGN_IN,
    update_user: SIGN_IN,
    export_ical: 'ok',
    booking_session: WRONG_KEY,
  },
  'a manage-key session of this booking': {
    get: 'manages',
    'change (create with its token)': 'manages',
    cancel: 'manages',
    set_comment: 'manages',
    validate: 'manages',
    update_user: 'manages',
    export_ical: 'ok',
    booking_session: 'ok',
  },
  'a manage-key session of another booking': {
    get: 'views',
    'change (create with its token)': FORBIDDEN,
    cancel: FORBIDDEN,
    set_comment: FORBIDDEN,
    validate: FORBIDDEN,
    update_user: FORBIDDEN,
    export_ical: 'ok',
    booking_session: WRONG_KEY,
  },
  'its owner': {
    get: 'manages',
    'change (create with its token)': 'manages',
    cancel: 'manages',
    set_comment: 'manages',
    validate: 'manages',
    update_user: 'manages',
    export_ical: 'ok',
    booking_session: 'ok',
  },
  'another account': {
    get: 'views',
    'change (create with its token)': FORBIDDEN,
    cancel: FORBIDDEN,
    set_comment: FORBIDDEN,
    validate: FORBIDDEN,
    update_user: FORBIDDEN,
    export_ical: 'ok',
    booking_session: WRONG_KEY,
  },
  'another guest': {
    get: 'views',
    'change (create with its token)': FORBIDDEN,
    cancel: FORBIDDEN,
    set_comment: FORBIDDEN,
    validate: FORBIDDEN,
    update_user: FORBIDDEN,
    export_ical: 'ok',
    booking_session: WRONG_KEY,
  },
};

/** no_account never hands a booking that has a diner over: a guest's needs the code sent to them, an account's a sign-in. */
const noAccount: Record<Ownership, Outcome> = {
  'a guest': [403, 'identity_proof_required'],
  'an account': FORBIDDEN,
};

const CALLERS = Object.keys(rights) as Caller[];
const ACTIONS: Action[] = [
  'get',
  'change (create with its token)',
  'cancel',
  'set_comment',
  'validate',
  'update_user',
  'export_ical',
  'booking_session',
  'no_account',
];
const cells = (['a guest', 'an account'] as const).flatMap((ownership) =>
  CALLERS.flatMap((caller) =>
    ACTIONS.map((action) => {
      const outcome = action === 'no_account' ? (caller === 'nobody (a made-up token)' ? NOT_FOUND : noAccount[ownership]) : rights[caller][action];
      return [ownership, caller, action, outcome] as const;
    }),
  ),
);

const keyOf = async (token: string) => (await t.database.db.select().from(bookings).where(eq(bookings.token, token)))[0]!.manageKey;

let guests = 0;
/** A draft taken up by a guest with a phone of their own, and the guest's bearer. */
async function guestDraft(): Promise<{ draft: Draft; bearer: string }> {
  guests += 1;
  const draft = await draftBooking(t);
  const answer = await t.post('/api/front/user/no_account', {
    firstname: 'Guest',
    lastname: 'Matrix',
    phone: `+3367${String(guests).padStart(7, '0')}`,
    email: '',
    bookingToken: draft.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { draft, bearer: answer.body.access_token };
}

let addresses = 0;
/** The manage key exchanged for a session (from an address of its own: the per-address limit is not at stake here). */
async function manageSession(draft: Draft): Promise<string> {
  addresses += 1;
  const answer = await t.post(
    '/api/front/user/booking_session',
    { bookingToken: draft.token, manageKey: await keyOf(draft.token) },
    {
      headers: { 'x-forwarded-for': `10.9.${addresses >> 8}.${addresses & 255}` },
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.access_token;
}

/** A booking (a draft that has its diner, so every action may succeed once) and its owner's bearer. */
async function scene(ownership: Ownership): Promise<{ draft: Draft; ownerBearer: string }> {
  if (ownership === 'a guest') {
    const { draft, bearer } = await guestDraft();
    return { draft, ownerBearer: bearer };
  }
  const owner = await t.signIn();
  return { draft: await draftBooking(t, 'le-petit-zinc', owner.bearer), ownerBearer: owner.bearer };
}

/** What the caller sends: the booking token it holds (or a made-up one), its bearer, and a manage key. */
async function credentials(caller: Caller, draft: Draft, ownerBearer: string): Promise<{ token: string; bearer?: string; key: string }> {
  const key = await keyOf(draft.token);
  switch (caller) {
    case 'nobody (a made-up token)':
      return { token: 'MadeUpBookingToken0123456789abc', key: 'x'.repeat(32) };
    case 'the view token only':
      return { token: draft.token, key: 'x'.repeat(32) };
    case 'a manage-key session of this booking':
      return { token: draft.token, bearer: await manageSession(draft), key };
    case 'a manage-key session of another booking': {
      const other = (await guestDraft()).draft;
      return { token: draft.token, bearer: await manageSession(other), key: await keyOf(other.token) };
    }
    case 'its owner':
      // The diner got the link with the key.
      return { token: draft.token, bearer: ownerBearer, key };
    case 'another account':
      return { token: draft.token, bearer: (await t.signIn()).bearer, key: 'x'.repeat(32) };
    case 'another guest':
      return { token: draft.token, bearer: (await guestDraft()).bearer, key: 'x'.repeat(32) };
  }
}

function act(action: Action, draft: Draft, { token, bearer, key }: { token: string; bearer?: string; key: string }) {
  const ref = { merchant_slug: draft.slug, token };
  const options = bearer ? { bearer } : {};
  switch (action) {
    case 'get':
      return t.post('/api/booking/get', ref, options);
    case 'change (create with its token)':
      return t.post('/api/booking/create', { ...ref, datetime: draft.timestamp, booking_zone_id: 'all', client_count: 3 }, options);
    case 'cancel':
      return t.post('/api/booking/cancel', ref, options);
    case 'set_comment':
      return t.post('/api/booking/set_comment', { ...ref, comment: 'By the window, please.' }, options);
    case 'validate':
      return t.post('/api/booking/validate', ref, options);
    case 'update_user':
      return t.post('/api/booking/update_user', ref, options);
    case 'export_ical':
      return t.get(`/api/booking/export_ical/${draft.slug}/${token}`, options);
    case 'booking_session':
      return t.post('/api/front/user/booking_session', { bookingToken: token, manageKey: key }, options);
    case 'no_account':
      return t.post('/api/front/user/no_account', { firstname: 'Mallory', lastname: 'Taker', phone: '+33611112222', email: '', bookingToken: token }, options);
  }
}

describe('what each caller may do with a booking that has its diner (view token, manage key, owner)', () => {
  test.each(cells)('a booking held by %s: %s -> %s answers %j', async (ownership, caller, action, outcome) => {
    const { draft, ownerBearer } = await scene(ownership);
    const answer = await act(action, draft, await credentials(caller, draft, ownerBearer));
    if (Array.isArray(outcome)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(outcome[0]);
      expect(answer.body.error_code).toBe(outcome[1]);
      return;
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    if (outcome === 'ok') return;
    const booking = answer.body.booking;
    expect(booking.canManage).toBe(outcome === 'manages');
    if (outcome === 'manages') expect(booking.bookingClient.phone).toMatch(/^\+\d+$/);
    else expect(booking.bookingClient).toMatchObject({ phone: '', email: '', lastname: expect.stringMatching(/^.\.$/) });
  });
});

describe('what a viewer never learns', () => {
  test('the live channel of a booking has no authorisation call: /broadcasting/auth signs only a diner\u2019s own private channel', async () => {
    // booking.{token} is public (the token is the view capability); its UpdateBooking carries token, status, ref and revision only.
    const { draft } = await scene('a guest');
    const auth = await t.post(
      '/broadcasting/auth',
      { socket_id: '1234.5678', channel_name: `private-booking.${draft.token}` },
      { bearer: (await t.signIn()).bearer },
    );
    expect(auth.status).toBe(403);
  });

  test('an answer to a viewer never holds the manage key', async () => {
    const { draft } = await scene('a guest');
    const read = await t.post('/api/booking/get', { merchant_slug: draft.slug, token: draft.token });
    expect(JSON.stringify(read.body)).not.toContain(await keyOf(draft.token));
  });
});
