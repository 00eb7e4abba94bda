import { describe, expect, test } from 'vitest';
import { createAnalytics, posthogConfig, type AnalyticsClient } from '../../../src/lib/platform/analytics.ts';

/** A stand-in for posthog-js, the third-party client: it records what the site asks of it. */
function recordingClient() {
  const calls: Array<[string, ...unknown[]]> = [];
  const client: AnalyticsClient = {
    init: (key, config) => calls.push(['init', key, config]),
    capture: (event, properties) => calls.push(['capture', event, properties]),
  };
  return { client, calls };
}

describe('analytics', () => {
  test('the client is set up as spec section 1 says', () => {
    expect(posthogConfig('https://eu.posthog.example')).toEqual({
      api_host: 'https://eu.posthog.example',
      capture_pageview: false,
      capture_pageleave: true,
      person_profiles: 'identified_only',
    });
  });

  test('without a key nothing is ever loaded', async () => {
    let loads = 0;
    const analytics = createAnalytics({ key: undefined, load: async () => ((loads += 1), recordingClient().client), schedule: (start) => start() });
    analytics.trackPageView();
    expect(await analytics.loaded()).toBe(false);
    expect(loads).toBe(0);
  });

  test('the client loads only when scheduled, and page views tracked before are sent once it is', async () => {
    const { client, calls } = recordingClient();
    let start: (() => void) | undefined;
    const analytics = createAnalytics({ key: 'phc_test', load: async () => client, schedule: (begin) => (start = begin) });
    analytics.trackPageView();
    analytics.trackPageView();
    expect(calls).toEqual([]);
    start?.();
    expect(await analytics.loaded()).toBe(true);
    expect(calls.map((call) => call.slice(0, 2))).toEqual([
      ['init', 'phc_test'],
      ['capture', '$pageview'],
      ['capture', '$pageview'],
    ]);
  });

  test('each later route change sends a page view at once', async () => {
    const { client, calls } = recordingClient();
    const analytics = createAnalytics({ key: 'phc_test', load: async () => client, schedule: (start) => start() });
    analytics.trackPageView();
    await analytics.loaded();
    analytics.trackPageView();
    expect(calls.filter(([kind]) => kind === 'capture')).toHaveLength(2);
  });

  test('a client that fails to load leaves the site working', async () => {
    const analytics = createAnalytics({ key: 'phc_test', load: () => Promise.reject(new Error('blocked')), schedule: (start) => start() });
    analytics.trackPageView();
    expect(await analytics.loaded()).toBe(false);
  });
});
