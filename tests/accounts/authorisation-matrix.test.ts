import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSession } from '../../src/server/auth/sessions.ts';
import { hashToken } from '../../src/server/auth/tokens.ts';
import { accessTokens, bookings } from '../../src/server/db/schema.ts';
import { draftBooking, type Draft } from '../support/draft-booking.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

type Ownership = 'nobody yet' | 'a platform account' | 'a guest';
type Caller = 'no bearer' | 'its owner' | 'another diner' | 'the guest of another booking' | 'an expired bearer of its owner' | 'a revoked bearer of its owner';
type Action = 'validate' | 'set_comment' | 'cancel' | 'update_user' | 'change (create with its token)';

const ACTIONS: Action[] = ['validate', 'set_comment', 'cancel', 'update_user', 'change (create with its token)'];

/** What each caller may do to a booking, by who owns it (spec section 6 and docs/security.md's matrix). */
const expected: Record<Ownership, Partial<Record<Caller, Record<Action, number>>>> = {
  'nobody yet': {
    'no bearer': { validate: 401, set_comment: 200, cancel: 200, update_user: 401, 'change (create with its token)': 200 },
    'another diner': { validate: 200, set_comment: 200, cancel: 200, update_user: 200, 'change (create with its token)': 200 },
    'the guest of another booking': { validate: 403, set_comment: 403, cancel: 403, update_user: 403, 'change (create with its token)': 403 },
  },
  'a platform account': {
    'no bearer': { validate: 401, set_comment: 401, cancel: 401, update_user: 401, 'change (create with its token)': 401 },
    'its owner': { validate: 200, set_comment: 200, cancel: 200, update_user: 200, 'change (create with its token)': 200 },
    'another diner': { validate: 403, set_comment: 403, cancel: 403, update_user: 403, 'change (create with its token)': 403 },
    'the guest of another booking': { validate: 403, set_comment: 403, cancel: 403, update_user: 403, 'change (create with its token)': 403 },
    'an expired bearer of its owner': { validate: 401, set_comment: 401, cancel: 401, update_user: 401, 'change (create with its token)': 401 },
    'a revoked bearer of its owner': { validate: 401, set_comment: 401, cancel: 401, update_user: 401, 'change (create with its token)': 401 },
  },
  'a guest': {
    'no bearer': { validate: 401, set_comment: 401, cancel: 401, update_user: 401, 'change (create with its token)': 401 },
    'its owner': { validate: 200, set_comment: 200, cancel: 200, update_user: 200, 'change (create with its token)': 200 },
    'another diner': { validate: 403, set_comment: 403, cancel: 403, update_user: 403, 'change (create with its token)': 403 },
    'the guest of another booking': { validate: 403, set_comment: 403, cancel: 403, update_user: 403, 'change (create with its token)': 403 },
    'an expired bearer of its owner': { validate: 401, set_comment: 401, cancel: 401, update_user: 401, 'change (create with its token)': 401 },
    'a revoked bearer of its owner': { validate: 401, set_comment: 401, cancel: 401, update_user: 401, 'change (create with its token)': 401 },
  },
};

const cells = Object.entries(expected).flatMap(([ownership, callers]) =>
  Object.entries(callers).flatMap(([caller, actions]) =>
    ACTIONS.map((action) => [ownership as Ownership, caller as Caller, action, actions![action]] as const),
  ),
);

interface Scene {
  draft: Draft;
  owner?: { bearer: string; userId: string };
}

let guestCounter = 0;
async function guestOf(draft: Draft): Promise<{ bearer: string; userId: string }> {
  guestCounter += 1;
  const answer = await t.post('/api/front/user/no_account', {
    firstname: 'Guest',
    lastname: `Number${guestCounter}`,
    phone: '+33612345678',
    email: '',
    bookingToken: draft.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [session] = await t.database.db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, hashToken(answer.body.access_token)));
  return { bearer: answer.body.access_token, userId: session!.userId };
}

async function scene(ownership: Ownership): Promise<Scene> {
  const draft = await draftBooking(t);
  if (ownership === 'nobody yet') return { draft };
  if (ownership === 'a guest') return { draft, owner: await guestOf(draft) };
  const owner = await t.signIn();
  const tied = await t.post('/api/booking/update_user', { merchant_slug: draft.slug, token: draft.token }, { bearer: owner.bearer });
  expect(tied.status).toBe(200);
  return { draft, owner };
}

async function bearerOf(caller: Caller, { owner }: Scene): Promise<string | undefined> {
  switch (caller) {
    case 'no bearer':
      return undefined;
    case 'its owner':
      return owner!.bearer;
    case 'another diner':
      return (await t.signIn()).bearer;
    case 'the guest of another booking':
      return (await guestOf(await draftBooking(t))).bearer;
    case 'an expired bearer of its owner': {
      const past = new Date(t.clock.now().getTime() - 2 * 3600_000);
      return (await createSession(t.database.db, owner!.userId, { now: past, ttlSeconds: 3600 })).token;
    }
    case 'a revoked bearer of its owner': {
      const { token } = await createSession(t.database.db, owner!.userId, { now: t.clock.now() });
      await t.database.db
        .update(accessTokens)
        .set({ revokedAt: t.clock.now() })
        .where(eq(accessTokens.tokenHash, hashToken(token)));
      return token;
    }
  }
}

function act(action: Action, draft: Draft, bearer: string | undefined) {
  const ref = { merchant_slug: draft.slug, token: draft.token };
  const options = bearer ? { bearer } : {};
  switch (action) {
    case 'validate':
      return t.post('/api/booking/validate', ref, options);
    case 'set_comment':
      return t.post('/api/booking/set_comment', { ...ref, comment: 'A table by the window, please.' }, options);
    case 'cancel':
      return t.post('/api/booking/cancel', ref, options);
    case 'update_user':
      return t.post('/api/booking/update_user', ref, options);
    case 'change (create with its token)':
      return t.post('/api/booking/create', { ...ref, datetime: draft.timestamp, booking_zone_id: 'all', client_count: 3 }, options);
  }
}

describe('who may act on a booking (the authorisation matrix)', () => {
  test.each(cells)('a booking held by %s: %s -> %s is HTTP %i', async (ownership, caller, action, status) => {
    const current = await scene(ownership);
    const bearer = await bearerOf(caller, current);
    const answer = await act(action, current.draft, bearer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (status === 401) expect(answer.body.error_code).toBe('unauthenticated');
    if (status === 403) expect(answer.body.error_code).toBe('booking_forbidden');
  });

  test('anyone holding the booking token reads it without a bearer (the token is the view link)', async () => {
    const { draft } = await scene('a platform account');
    const read = await t.post('/api/booking/get', { merchant_slug: draft.slug, token: draft.token });
    expect(read.status).toBe(200);
    expect(read.body.booking.canManage).toBe(false);
  });

  // Deliberately: the token is a view capability, so another signed-in diner holding it views
  // the booking (without the diner's contact details) instead of being refused; only the owner's bearer manages it.
  test.each(['a platform account', 'a guest'] as const)(
    'another diner’s bearer views a booking that belongs to %s without its contact details; its owner sees them and may manage',
    async (ownership) => {
      const current = await scene(ownership);
      const read = (bearer: string) => t.post('/api/booking/get', { merchant_slug: current.draft.slug, token: current.draft.token }, { bearer });
      const stranger = await bearerOf('another diner', current);
      const viewed = await read(stranger!);
      expect(viewed.status).toBe(200);
      expect(viewed.body.booking).toMatchObject({ canManage: false, bookingClient: { phone: '', email: '' } });
      const owned = await read(current.owner!.bearer);
      expect(owned.status).toBe(200);
      expect(owned.body.booking).toMatchObject({ canManage: true, bookingClient: { phone: expect.stringMatching(/^\+/) } });
    },
  );
});

type Listing = 'listed' | 'not listed' | 401 | 403;

/** Whose list (user/bookings) shows a validated booking: its account only; a guest session has no list. */
const listing: Record<Exclude<Ownership, 'nobody yet'>, Partial<Record<Caller, Listing>>> = {
  'a platform account': {
    'no bearer': 401,
    'its owner': 'listed',
    'another diner': 'not listed',
    'the guest of another booking': 403,
    'an expired bearer of its owner': 401,
    'a revoked bearer of its owner': 401,
  },
  'a guest': {
    'no bearer': 401,
    'its owner': 403,
    'another diner': 'not listed',
    'the guest of another booking': 403,
    'an expired bearer of its owner': 401,
    'a revoked bearer of its owner': 401,
  },
};

const listingCells = Object.entries(listing).flatMap(([ownership, callers]) =>
  Object.entries(callers).map(([caller, outcome]) => [ownership as Exclude<Ownership, 'nobody yet'>, caller as Caller, outcome] as const),
);

let listedGuests = 0;
/** A scene whose owner may validate: each guest with a phone of its own (a phone holds three bookings a day). */
async function validatableScene(ownership: Exclude<Ownership, 'nobody yet'>): Promise<Scene> {
  if (ownership === 'a platform account') return scene(ownership);
  listedGuests += 1;
  const draft = await draftBooking(t);
  const answer = await t.post('/api/front/user/no_account', {
    firstname: 'Guest',
    lastname: 'Listed',
    phone: `+336987654${String(listedGuests).padStart(2, '0')}`,
    email: '',
    bookingToken: draft.token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [session] = await t.database.db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, hashToken(answer.body.access_token)));
  return { draft, owner: { bearer: answer.body.access_token, userId: session!.userId } };
}

describe('who sees a booking in their list of bookings (user/bookings)', () => {
  test.each(listingCells)('a validated booking held by %s: %s -> %s', async (ownership, caller, outcome) => {
    const current = await validatableScene(ownership);
    const validated = await t.post(
      '/api/booking/validate',
      { merchant_slug: current.draft.slug, token: current.draft.token },
      { bearer: current.owner!.bearer },
    );
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const bearer = await bearerOf(caller, current);
    const answer = await t.post('/api/front/user/bookings', {}, bearer ? { bearer } : {});
    if (typeof outcome === 'number') {
      expect(answer.status, JSON.stringify(answer.body)).toBe(outcome);
      expect(answer.body.error_code).toBe(outcome === 401 ? 'unauthenticated' : 'booking_forbidden');
      return;
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const listed = [...answer.body.coming, ...answer.body.past].some((booking: { token: string }) => booking.token === current.draft.token);
    expect(listed).toBe(outcome === 'listed');
  });
});

describe('who may find and attach guest bookings (user/guest_bookings)', () => {
  const calls = {
    offer: (bearer?: string) => t.post('/api/front/user/guest_bookings', {}, bearer ? { bearer } : {}),
    code: (bearer?: string) => t.post('/api/front/user/guest_bookings/code', { channel: 'phone' }, bearer ? { bearer } : {}),
    attach: (bearer?: string) => t.post('/api/front/user/guest_bookings/attach', { channel: 'phone', code: '123456' }, bearer ? { bearer } : {}),
  };
  // Each caller against a guest booking made under the phone +33 6 12 34 56 78 (guestOf's).
  test.each([
    ['no bearer', 'offer', 401],
    ['no bearer', 'code', 401],
    ['no bearer', 'attach', 401],
    ['that booking\u2019s guest', 'offer', 403],
    ['that booking\u2019s guest', 'code', 403],
    ['that booking\u2019s guest', 'attach', 403],
    ['an account with another phone', 'offer', 200],
    ['an account with another phone', 'code', 404],
    ['an account with another phone', 'attach', 403],
    ['an account with that phone but a wrong code', 'attach', 403],
  ] as const)('%s calling %s -> %i, and the booking stays the guest\u2019s', async (caller, call, status) => {
    const draft = await draftBooking(t);
    const guest = await guestOf(draft);
    const bearer =
      caller === 'no bearer'
        ? undefined
        : caller === 'that booking\u2019s guest'
          ? guest.bearer
          : (await t.signIn({ phone: caller === 'an account with another phone' ? '+33698765432' : '+33612345678' })).bearer;
    const answer = await calls[call](bearer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (call === 'offer' && status === 200) expect(answer.body.phone).toBeNull();
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.token, draft.token));
    expect(row!.userId).toBe(guest.userId);
  });
});
