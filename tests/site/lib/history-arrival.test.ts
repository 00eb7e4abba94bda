import { describe, expect, test, vi } from 'vitest';
import { cameBack, leadOn, type ArrivalWindow } from '../../../src/lib/navigation/history-arrival.ts';

const win = (parts: Partial<ArrivalWindow>): ArrivalWindow & { location: { replace: (url: string) => void } } => ({
  history: { back: vi.fn() },
  location: { replace: vi.fn() },
  ...parts,
});

const activation = (navigationType: string, from?: number, to?: number) => ({
  navigation: { activation: { navigationType, from: from === undefined ? null : { index: from }, entry: to === undefined ? undefined : { index: to } } },
});

describe('whether the diner reached the page with Back', () => {
  test.each([
    ['a link or an address (push)', activation('push', 2, 3), false, false],
    ['a redirect in place (replace)', activation('replace', 2, 2), false, false],
    ['a reload', activation('reload', 3, 3), false, false],
    ['Back (a step to an older entry)', activation('traverse', 4, 3), false, true],
    ['Forward (a step to a newer entry)', activation('traverse', 2, 3), false, false],
    ['a traversal from another site (no previous entry known)', activation('traverse'), false, true],
    ['no Navigation API, Navigation Timing says back_forward', { performance: { getEntriesByType: () => [{ type: 'back_forward' }] } }, false, true],
    ['no Navigation API, Navigation Timing says navigate', { performance: { getEntriesByType: () => [{ type: 'navigate' }] } }, false, false],
    ['no Navigation API, shown again from the back-forward cache', {}, true, true],
  ] as const)('%s: %s', (_case, parts, restored, expected) => {
    expect(cameBack(win(parts as Partial<ArrivalWindow>), restored)).toBe(expected);
  });
});

describe('leading on from a page with nothing left to do', () => {
  test('reached with Back, it goes on back (Back leaves the flow)', () => {
    const w = win(activation('traverse', 4, 3));
    leadOn('/le-petit-zinc/booking_complete/T', false, w);
    expect([vi.mocked(w.history.back).mock.calls.length, vi.mocked(w.location.replace).mock.calls]).toEqual([1, []]);
  });

  test('reached otherwise, it goes forward in its own place (Back will not land on it again)', () => {
    const w = win(activation('push', 2, 3));
    leadOn('/le-petit-zinc/booking_complete/T', false, w);
    expect([vi.mocked(w.history.back).mock.calls.length, vi.mocked(w.location.replace).mock.calls]).toEqual([0, [['/le-petit-zinc/booking_complete/T']]]);
  });
});
