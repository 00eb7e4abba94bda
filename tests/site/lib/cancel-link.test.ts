import { describe, expect, test } from 'vitest';
import { cancelLinkOutcome } from '../../../src/lib/links/cancel-link.ts';

describe("the reminder's cancel link, once the booking is read after the key's exchange", () => {
  test.each([
    ['a pending booking, key accepted', { status: 10, canManage: true }, true, 'confirm'],
    ['a confirmed booking, key accepted', { status: 20, canManage: true }, true, 'confirm'],
    ['a confirmed booking, key refused', { status: 20, canManage: false }, false, 'refused'],
    ['key accepted but the page may not manage it (an account of someone else signed in)', { status: 20, canManage: false }, true, 'refused'],
    ['a booking the diner already cancelled', { status: 40, canManage: true }, true, 'cancelled'],
    ['a booking the restaurant refused or closed', { status: 25, canManage: true }, true, 'cancelled'],
    ['a cancelled booking, key refused', { status: 40, canManage: false }, false, 'cancelled'],
    ['a finished booking', { status: 30, canManage: true }, true, 'finished'],
    ['a draft, which no message links to', { status: null, canManage: true }, true, 'none'],
  ] as const)('%s: %s', (_case, booking, keyAccepted, expected) => {
    expect(cancelLinkOutcome(booking, keyAccepted)).toBe(expected);
  });
});
