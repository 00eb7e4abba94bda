import { describe, expect, test } from 'vitest';
import { staffNextPath, staffSignInPath } from '../../../src/lib/staff/staff-routes.ts';

const merchants = [{ slug: 'le-petit-zinc' }, { slug: 'sakura-ramen' }];

describe('where staff go back to after signing in', () => {
  test.each([
    ['/pro/le-petit-zinc?day=2026-11-25&booking=abc&action=confirm', '/pro/le-petit-zinc?day=2026-11-25&booking=abc&action=confirm'],
    ['/pro/sakura-ramen', '/pro/sakura-ramen'],
    ['/pro/sakura-ramen/settings', '/pro/sakura-ramen/settings'],
    ['/pro/trattoria-nonna/settings', null],
    ['/pro/sakura-ramen/day-sheet?date=2026-11-25', '/pro/sakura-ramen/day-sheet?date=2026-11-25'],
    ['/pro/trattoria-nonna/day-sheet', null],
    ['/pro/trattoria-nonna', null],
    ['https://evil.example/pro/le-petit-zinc', null],
    ['//evil.example/pro/le-petit-zinc', null],
    ['/account', null],
    ['javascript:alert(1)', null],
    [null, null],
  ])('%s gives %s', (next, expected) => {
    expect(staffNextPath(next, merchants)).toBe(expected);
  });

  test('the sign-in\u2019s address carries the book\u2019s, query and all', () => {
    const path = '/pro/le-petit-zinc?day=2026-11-25&booking=abc&action=confirm';
    expect(staffNextPath(new URL(staffSignInPath(path), 'https://x.example').searchParams.get('next'), merchants)).toBe(path);
  });
});
