import { describe, expect, test } from 'vitest';
import { API_REACHABILITY_EVENT, watchNetworkStatus, type NetworkSource } from '../../../src/lib/platform/network-status.ts';

/** A window stand-in: its onLine flag and the events it dispatches. */
function fakeWindow(onLine: boolean) {
  const target = new EventTarget();
  const source: NetworkSource & { navigator: { onLine: boolean } } = {
    navigator: { onLine },
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener),
  };
  const fire = (type: string, detail?: unknown) => target.dispatchEvent(detail === undefined ? new Event(type) : new CustomEvent(type, { detail }));
  return { source, fire };
}

describe('the offline banner\u2019s view of the network', () => {
  test('tells the state at once, then each change once', () => {
    const { source, fire } = fakeWindow(true);
    const seen: boolean[] = [];
    watchNetworkStatus((offline) => seen.push(offline), source);
    source.navigator.onLine = false;
    fire('offline');
    fire('offline');
    source.navigator.onLine = true;
    fire('online');
    expect(seen).toEqual([false, true, false]);
  });

  test('an API call that got no answer means offline, the next answered one means online', () => {
    const { source, fire } = fakeWindow(true);
    const seen: boolean[] = [];
    watchNetworkStatus((offline) => seen.push(offline), source);
    fire(API_REACHABILITY_EVENT, { reachable: false });
    fire(API_REACHABILITY_EVENT, { reachable: true });
    expect(seen).toEqual([false, true, false]);
  });

  test('a browser that starts offline is offline', () => {
    const { source } = fakeWindow(false);
    const seen: boolean[] = [];
    watchNetworkStatus((offline) => seen.push(offline), source);
    expect(seen).toEqual([true]);
  });

  test('stops listening once unsubscribed', () => {
    const { source, fire } = fakeWindow(true);
    const seen: boolean[] = [];
    const stop = watchNetworkStatus((offline) => seen.push(offline), source);
    stop();
    fire('offline');
    expect(seen).toEqual([false]);
  });
});
