import { describe, expect, test } from 'vitest';
import { dropdownKeyAction, dropdownPlacement, movedIndex, PAGE_STEP } from '../../../src/lib/phone/dropdown.ts';
import { createTypeToFind, foldName, TYPE_TO_FIND_RESET_MS } from '../../../src/lib/phone/type-to-find.ts';

describe('where the country list opens (spec section 4)', () => {
  test.each([
    [500, 'below'],
    [201, 'below'],
    [200, 'above'],
    [120, 'above'],
    [0, 'above'],
  ] as const)('with %i px left below it opens %s', (space, placement) => {
    expect(dropdownPlacement(space)).toBe(placement);
  });
});

describe('keys on the country control', () => {
  test.each([
    [' ', { type: 'open', move: 'selected' }],
    ['Enter', { type: 'open', move: 'selected' }],
    ['ArrowDown', { type: 'open', move: 'selected' }],
    ['ArrowUp', { type: 'open', move: 'selected' }],
    ['Home', { type: 'open', move: 'first' }],
    ['End', { type: 'open', move: 'last' }],
    ['b', { type: 'find', character: 'b' }],
    ['Escape', { type: 'none' }],
    ['Tab', { type: 'none' }],
  ])('closed, %j does %j', (key, action) => {
    expect(dropdownKeyAction(key, false)).toEqual(action);
  });

  test.each([
    ['ArrowDown', { type: 'move', by: 1 }],
    ['ArrowUp', { type: 'move', by: -1 }],
    ['PageDown', { type: 'move', by: PAGE_STEP }],
    ['PageUp', { type: 'move', by: -PAGE_STEP }],
    ['Home', { type: 'moveTo', to: 'first' }],
    ['End', { type: 'moveTo', to: 'last' }],
    ['Enter', { type: 'pick' }],
    [' ', { type: 'pick' }],
    ['Escape', { type: 'close', refocus: true }],
    ['Tab', { type: 'close', refocus: false }],
    ['i', { type: 'find', character: 'i' }],
    ['Shift', { type: 'none' }],
  ])('open, %j does %j', (key, action) => {
    expect(dropdownKeyAction(key, true)).toEqual(action);
  });

  test.each([
    [-1, 1, 5, 0],
    [-1, -1, 5, 4],
    [0, -1, 5, 0],
    [4, 1, 5, 4],
    [2, 10, 5, 4],
    [3, -10, 5, 0],
    [0, 1, 0, -1],
  ])('from %i moving by %i among %i lands on %i', (current, by, count, expected) => {
    expect(movedIndex(current, by, count)).toBe(expected);
  });
});

describe('type-to-find by name prefix, reset after 700 ms', () => {
  const names = ['Allemagne', 'Belgique', 'Bélarus', 'Brésil', 'Égypte', 'Espagne', 'France', 'Italie'];

  test('letters typed close together make one prefix', () => {
    const finder = createTypeToFind();
    expect(finder.type('b', names, 1000)).toBe(1);
    expect(finder.type('r', names, 1200)).toBe(3);
    expect(finder.prefix()).toBe('br');
  });

  test.each([
    [TYPE_TO_FIND_RESET_MS, 3],
    [TYPE_TO_FIND_RESET_MS + 1, 6],
  ])('a letter %i ms after the last one (r then f): found at %i', (gap, index) => {
    const finder = createTypeToFind();
    finder.type('b', names, 0);
    const found = finder.type(gap > TYPE_TO_FIND_RESET_MS ? 'f' : 'r', names, gap);
    expect(found).toBe(index);
  });

  test('after the reset the prefix starts again', () => {
    const finder = createTypeToFind();
    finder.type('b', names, 0);
    finder.type('e', names, 100);
    finder.type('i', names, 100 + TYPE_TO_FIND_RESET_MS + 1);
    expect(finder.prefix()).toBe('i');
  });

  test.each([
    ['e', 4],
    ['E', 4],
    ['eg', 4],
    ['es', 5],
    ['bel', 1],
    ['bél', 1],
    ['z', -1],
  ])('typing %j quickly finds index %i (case and accents ignored)', (typed, index) => {
    const finder = createTypeToFind();
    let found = -1;
    [...typed].forEach((character, step) => (found = finder.type(character, names, step * 50)));
    expect(found).toBe(index);
  });

  test('names fold without case or accents', () => {
    expect(foldName('Égypte')).toBe('egypte');
  });
});
