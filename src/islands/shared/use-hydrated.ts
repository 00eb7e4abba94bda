/** useHydrated(): false on the server render and the first client render, true after mount (language-specific text waits for it). */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * Whether the island is hydrated. The server (build time) and the hydrating render both see false, so they
 * match and show the neutral skeleton; React then re-renders with true and the real, translated text.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
