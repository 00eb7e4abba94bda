import { beforeEach, describe, expect, test } from 'vitest';
import { isFramed } from '../../../src/lib/platform/framed.ts';
import { cameFromThisSite, goBack, storedHomePath } from '../../../src/lib/navigation/go-back.ts';
import { setCurrentMerchant } from '../../../src/lib/platform/storage.ts';
import { installStorage } from '../support/browser-storage.ts';

function fakeWindow(historyLength: number, referrer: string) {
  const calls: string[] = [];
  return {
    calls,
    win: {
      history: { length: historyLength, back: () => calls.push('back') },
      location: { origin: 'https://book.example', assign: (url: string) => calls.push(`assign ${url}`) },
      document: { referrer },
    },
  };
}

describe('the close button goes back (spec section 2)', () => {
  test.each([
    [3, 'https://book.example/le-petit-zinc', 'back'],
    [3, 'https://elsewhere.example/', 'assign /auth'],
    [1, 'https://book.example/le-petit-zinc', 'assign /auth'],
    [3, '', 'assign /auth'],
    [3, 'not a url', 'assign /auth'],
  ])('history of %i with referrer %j: %s', (length, referrer, expected) => {
    const { win, calls } = fakeWindow(length, referrer);
    goBack('/auth', win);
    expect(calls).toEqual([expected]);
    expect(cameFromThisSite(win)).toBe(expected === 'back');
  });

  beforeEach(() => {
    installStorage();
  });

  test("without a previous page, the first screen's close leads to the stored merchant's home, else the site root", () => {
    expect(storedHomePath()).toBe('/');
    setCurrentMerchant('le-petit-zinc');
    expect(storedHomePath()).toBe('/le-petit-zinc');
  });
});

describe('whether the page is framed (spec section 6)', () => {
  const top = {};
  test.each([
    ['a top-level page', { self: top, top }, false],
    ['a framed page', { self: {}, top }, true],
  ])('%s: %s', (_case, win, expected) => {
    expect(isFramed(win)).toBe(expected);
  });

  test('a parent that refuses even the comparison counts as a frame', () => {
    const win = {
      self: {},
      get top(): unknown {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(isFramed(win)).toBe(true);
  });
});
