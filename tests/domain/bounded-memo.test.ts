import { describe, expect, test } from 'vitest';
import { BoundedMemo } from '../../src/shared/bounded-memo.ts';

describe('a bounded memo', () => {
  test('computes a key once, an undefined answer included', () => {
    const memo = new BoundedMemo<string | undefined>(10);
    const asked: string[] = [];
    const answer = (key: string) => memo.get(key, () => (asked.push(key), key === 'none' ? undefined : key.toUpperCase()));
    expect([answer('a'), answer('none'), answer('a'), answer('none')]).toEqual(['A', undefined, 'A', undefined]);
    expect(asked).toEqual(['a', 'none']);
  });

  test('keeps at most its limit: past it, it starts again rather than grow', () => {
    const memo = new BoundedMemo<number>(2);
    let computed = 0;
    const answer = (key: string) => memo.get(key, () => ++computed);
    expect([answer('a'), answer('b'), answer('a')]).toEqual([1, 2, 1]);
    // A third key empties the memory: 'a' is computed again.
    expect([answer('c'), answer('a'), answer('c')]).toEqual([3, 4, 3]);
  });
});
