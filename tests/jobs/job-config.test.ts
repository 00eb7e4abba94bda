import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

describe('the job worker\u2019s settings', () => {
  test.each([
    [{}, { leaseMs: 300_000, pollMs: 5_000 }],
    [
      { JOB_LEASE_SECONDS: '30', JOB_POLL_MS: '250' },
      { leaseMs: 30_000, pollMs: 250 },
    ],
  ])('%j gives %j', (env, jobs) => {
    expect(loadConfig(env).jobs).toEqual(jobs);
  });

  test.each([
    [{ JOB_LEASE_SECONDS: '0' }, 'JOB_LEASE_SECONDS'],
    [{ JOB_POLL_MS: 'often' }, 'JOB_POLL_MS'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
