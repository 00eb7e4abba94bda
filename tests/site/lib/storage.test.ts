import { beforeEach, describe, expect, test } from 'vitest';
import {
  clearSession,
  getBearer,
  getCurrentMerchant,
  getMerchantToken,
  getStoredLang,
  getUserToken,
  merchantTokenKey,
  setBearer,
  setCurrentMerchant,
  setMerchantToken,
  setRefreshToken,
  setStoredLang,
  setUserToken,
  STORAGE_KEYS,
} from '../../../src/lib/platform/storage.ts';
import { installSandboxedStorage, installStorage, type MemoryStorage } from '../support/browser-storage.ts';

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  ({ local, session } = installStorage());
});

describe('storage keys', () => {
  test('the keys are exactly those of spec section 3', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(['bearer', 'currentLang', 'current_merchant', 'refresh_token', 'userToken'].sort());
    expect(merchantTokenKey('le-petit-zinc')).toBe('token_le-petit-zinc');
  });

  test.each([
    ['bearer', () => setBearer('B-123'), 'bearer', 'B-123'],
    ['refresh token', () => setRefreshToken('R-456'), 'refresh_token', 'R-456'],
    ['current merchant', () => setCurrentMerchant('sakura-ramen'), 'current_merchant', 'sakura-ramen'],
    ['booking token of a merchant', () => setMerchantToken('sakura-ramen', 'TOKEN-1'), 'token_sakura-ramen', 'TOKEN-1'],
    ['social sign-in userToken', () => setUserToken('u-789'), 'userToken', 'u-789'],
  ])('the %s is written to local storage under its key', (_name, write, key, value) => {
    write();
    expect(local.getItem(key)).toBe(value);
  });

  test('values written are read back', () => {
    setBearer('B');
    setCurrentMerchant('m');
    setMerchantToken('m', 'T');
    setUserToken('U');
    expect([getBearer(), getCurrentMerchant(), getMerchantToken('m'), getUserToken()]).toEqual(['B', 'm', 'T', 'U']);
  });

  test('clearing the session forgets bearer and refresh token but keeps booking tokens', () => {
    setBearer('B');
    setRefreshToken('R');
    setMerchantToken('m', 'T');
    clearSession();
    expect([local.getItem('bearer'), local.getItem('refresh_token'), local.getItem('token_m')]).toEqual([null, null, 'T']);
  });
});

describe('currentLang', () => {
  test('is written to both local and session storage', () => {
    setStoredLang('es');
    expect([local.getItem('currentLang'), session.getItem('currentLang')]).toEqual(['es', 'es']);
  });

  test.each([
    ['session storage first', 'it', 'en', 'it'],
    ['local storage when the session has none', null, 'en', 'en'],
    ['a locale like fr-fr as its language', null, 'fr-fr', 'fr'],
    ['nothing for a language the product does not speak', null, 'de', null],
    ['nothing when neither has one', null, null, null],
  ])('is read from %s', (_case, inSession, inLocal, expected) => {
    if (inSession) session.setItem('currentLang', inSession);
    if (inLocal) local.setItem('currentLang', inLocal);
    expect(getStoredLang()).toBe(expected);
  });
});

describe('when the browser refuses storage (sandboxed iframe)', () => {
  test('nothing throws and values live for the page', () => {
    installSandboxedStorage();
    expect(getBearer()).toBeNull();
    setBearer('B');
    setStoredLang('en');
    expect([getBearer(), getStoredLang()]).toEqual(['B', 'en']);
  });
});
