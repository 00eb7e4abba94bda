import { describe, expect, test } from 'vitest';
import { allFinished } from '../../scripts/all-finished.ts';

describe('allFinished', () => {
  test('gives every value in order when all succeed', async () => {
    await expect(allFinished([Promise.resolve(1), Promise.resolve('two')] as const)).resolves.toEqual([1, 'two']);
  });

  test('fails with the first failure only once the slower tasks have finished', async () => {
    const events: string[] = [];
    let finishSlow!: () => void;
    const slow = new Promise<void>((resolve) => {
      finishSlow = () => {
        events.push('slow finished');
        resolve();
      };
    });
    const early = Promise.reject(new Error('render failed'));
    const second = Promise.reject(new Error('later failure'));
    const all = allFinished([early, slow, second]).catch((error: unknown) => {
      events.push('failed');
      throw error;
    });
    // The early failure has had every chance to settle the whole: nothing is told while the slow task runs.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
    finishSlow();
    await expect(all).rejects.toThrow('render failed');
    expect(events).toEqual(['slow finished', 'failed']);
  });
});
