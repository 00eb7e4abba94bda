/// <reference types="vite-plugin-pwa/vanillajs" />
/** Registers the service worker /sw.js (spec section 1); in autoUpdate mode the page reloads when a new one takes over. */
import { registerSW } from 'virtual:pwa-register';
import { keepOpenPageWhenControlled } from './keep-open-page.ts';

/** Registers /sw.js once the page has loaded (never before: the first paint and first interaction come first). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in globalThis.navigator)) return;
  // The first page opened loaded before any worker: it is kept once the new worker claims it.
  keepOpenPageWhenControlled(globalThis.navigator.serviceWorker);
  // registerType autoUpdate: the new worker skips waiting and claims the page, then registerSW reloads it.
  registerSW({ immediate: false });
}
