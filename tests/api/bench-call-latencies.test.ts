import { describe, expect, test } from 'vitest';
import { callLatencies } from '../../bench/api-scenarios.ts';

/** Answers `latencies` (ms) for the call `name`, each request sent at a clock's tick and answered that much later. */
function answer(latencies: number[], name = 'create') {
  let clock = 0;
  const collector = callLatencies(() => clock);
  for (const latency of latencies) {
    const context: Record<string, unknown> = {};
    collector.sent(context);
    clock += latency;
    collector.answered(name, context);
  }
  return collector.summary();
}

describe("the mixed load's latency by call (bench:api)", () => {
  test.each([
    { latencies: Array.from({ length: 100 }, (_, index) => index + 1), expected: { count: 100, p50: 50, p99: 99, max: 100 } },
    { latencies: Array.from({ length: 1000 }, (_, index) => 1000 - index), expected: { count: 1000, p50: 500, p99: 990, max: 1000 } },
    { latencies: [7], expected: { count: 1, p50: 7, p99: 7, max: 7 } },
    { latencies: [1, 300], expected: { count: 2, p50: 1, p99: 300, max: 300 } },
  ])('$latencies.length answers give p50 $expected.p50, p99 $expected.p99 (nearest rank)', ({ latencies, expected }) => {
    expect(answer(latencies)).toEqual({ create: expected });
  });

  test('each call is counted apart', () => {
    let clock = 0;
    const collector = callLatencies(() => clock);
    const merchant: Record<string, unknown> = {};
    const create: Record<string, unknown> = {};
    collector.sent(merchant);
    collector.sent(create);
    clock = 4;
    collector.answered('merchant', merchant);
    clock = 30;
    collector.answered('create', create);
    expect(collector.summary()).toEqual({
      merchant: { count: 1, p50: 4, p99: 4, max: 4 },
      create: { count: 1, p50: 30, p99: 30, max: 30 },
    });
  });
});
