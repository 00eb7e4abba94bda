/** Whether the site can reach its API: the browser's online/offline events plus the outcome of every API call. */

/** The window event api-client.ts dispatches after each call; detail.reachable says whether an answer came. */
export const API_REACHABILITY_EVENT = 'couvert:api-reachability';

/** Tells listeners whether the last API call got an answer (api-client.ts calls it; no-op outside a browser). */
export function reportApiReachability(reachable: boolean): void {
  const target = globalThis.window;
  if (!target || typeof target.dispatchEvent !== 'function' || typeof CustomEvent !== 'function') return;
  target.dispatchEvent(new CustomEvent(API_REACHABILITY_EVENT, { detail: { reachable } }));
}

/** What watchNetworkStatus listens to (the window by default). */
export interface NetworkSource {
  navigator: { onLine: boolean };
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/**
 * Calls onChange(offline) now and whenever the answer changes: offline when the browser says so or the last API call
 * got no answer; back online with the browser's online event or the next answered call. Returns the unsubscribe.
 */
export function watchNetworkStatus(onChange: (offline: boolean) => void, source: NetworkSource = globalThis.window): () => void {
  let browserOffline = !source.navigator.onLine;
  let apiUnreachable = false;
  let last: boolean | undefined;
  const emit = () => {
    const offline = browserOffline || apiUnreachable;
    if (offline === last) return;
    last = offline;
    onChange(offline);
  };
  const onOnline = () => {
    browserOffline = false;
    // The next call will tell whether the API answers again; until then trust the browser.
    apiUnreachable = false;
    emit();
  };
  const onOffline = () => {
    browserOffline = true;
    emit();
  };
  const onApi = (event: Event) => {
    const reachable = (event as CustomEvent<{ reachable?: boolean }>).detail?.reachable;
    apiUnreachable = reachable === false;
    if (reachable) browserOffline = !source.navigator.onLine;
    emit();
  };
  source.addEventListener('online', onOnline);
  source.addEventListener('offline', onOffline);
  source.addEventListener(API_REACHABILITY_EVENT, onApi);
  emit();
  return () => {
    source.removeEventListener('online', onOnline);
    source.removeEventListener('offline', onOffline);
    source.removeEventListener(API_REACHABILITY_EVENT, onApi);
  };
}
