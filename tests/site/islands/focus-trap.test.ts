import { describe, expect, test } from 'vitest';
import { nextTrapTarget } from '../../../src/islands/shared/focus-trap.ts';

const controls = ['close', 'cancel', 'confirm'];

describe('where Tab goes inside a modal', () => {
  test.each([
    ['Tab on the last control wraps to the first', 'confirm', false, 'close'],
    ['Shift+Tab on the first control wraps to the last', 'close', true, 'confirm'],
    ['Tab from outside the modal enters at the first control', 'page-link', false, 'close'],
    ['Shift+Tab from outside enters at the last control', 'page-link', true, 'confirm'],
    ['Tab in the middle is left to the browser', 'cancel', false, null],
    ['Shift+Tab in the middle is left to the browser', 'cancel', true, null],
  ])('%s', (_case, active, shift, expected) => {
    expect(nextTrapTarget(controls, active, shift)).toBe(expected);
  });

  test('a modal without controls gives no target', () => {
    expect(nextTrapTarget([], 'anything', false)).toBeNull();
  });
});
