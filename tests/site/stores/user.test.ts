import { beforeEach, describe, expect, test } from 'vitest';
import { setCurrentMerchant, setMerchantToken } from '../../../src/lib/platform/storage.ts';
import { $auth, signIn, signOut } from '../../../src/stores/auth.ts';
import { registerAccount } from '../../../src/stores/sign-in.ts';
import { $user, canEditEmail, loadUser, saveUserDetails, shownEmail } from '../../../src/stores/user.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

useBrowserTestServer();
let counter = 0;

beforeEach(() => {
  signOut();
  $user.set({ loading: false, user: null, error: null });
});

/** Registers a fresh account (which signs in). */
async function signedInAccount() {
  counter += 1;
  const outcome = await registerAccount({
    firstname: 'Inès',
    lastname: 'Moreau',
    email: `ines.${counter}.${process.pid}@example.test`,
    phone: '+33611223344',
    password: 'a-long-and-rare-passphrase',
  });
  expect(outcome.ok).toBe(true);
}

describe('who may change the email on Onboarding (spec section 2: guests only)', () => {
  test.each([
    [{ anonymous: true, email: null, anonymousEmail: 'g@x.fr' }, true, 'g@x.fr'],
    [{ anonymous: true, email: null, anonymousEmail: null }, true, ''],
    [{ anonymous: false, email: 'a@x.fr', anonymousEmail: null }, false, 'a@x.fr'],
    [{ anonymous: false, email: null, anonymousEmail: null }, true, ''],
  ])('%j: editable %s, shows %j', (user, editable, shown) => {
    expect(canEditEmail(user)).toBe(editable);
    expect(shownEmail(user)).toBe(shown);
  });
});

describe('loading and saving the signed-in diner against the real server', () => {
  test('loads the account with its details', async () => {
    await signedInAccount();
    expect(await loadUser()).toEqual({ ok: true });
    expect($user.get()).toMatchObject({
      loading: false,
      error: null,
      user: { firstname: 'Inès', lastname: 'Moreau', phone: '+33611223344', anonymous: false },
    });
  });

  test('a bearer the server does not know clears the session and leads to NoAuth', async () => {
    signIn('UNKNOWN-BEARER');
    expect(await loadUser()).toEqual({ ok: false, to: '/auth/no_account' });
    expect($auth.get().status).toBe('signed-out');
    expect($user.get()).toMatchObject({ user: null, error: 'unauthenticated' });
  });

  test('saving goes to Validate of the stored booking and keeps the new details', async () => {
    await signedInAccount();
    setCurrentMerchant('le-petit-zinc');
    setMerchantToken('le-petit-zinc', 'TOKEN-0123456789abcdef');
    await loadUser();
    const email = $user.get().user!.email!;
    const outcome = await saveUserDetails({ firstname: 'Inès', lastname: 'Moreau-Petit', phone: '+32470123456', email });
    expect(outcome).toEqual({ ok: true, to: '/le-petit-zinc/validate/TOKEN-0123456789abcdef' });
    expect($user.get().user).toMatchObject({ lastname: 'Moreau-Petit', phone: '+32470123456', onboarding: false });
  });

  test('refused details come back per field, in the language asked for', async () => {
    await signedInAccount();
    const outcome = await saveUserDetails({ firstname: '', lastname: 'Moreau', phone: '0612', email: '', lang: 'en' });
    expect(outcome).toMatchObject({
      ok: false,
      code: 'validation_error',
      // A national number with no country chosen: the server names what is missing, the country code.
      errors: { firstname: ['This field is required.'], phone: ['Add the country code, for example +44 7400 123456.'] },
    });
  });
});
