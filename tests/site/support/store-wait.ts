/** Waits for a nanostore to reach a state (stores that fetch settle asynchronously). */
import type { ReadableAtom } from 'nanostores';

/** Resolves with the store's value once `ready` holds for it; rejects after timeoutMs. */
export function until<T>(store: ReadableAtom<T>, ready: (value: T) => boolean, timeoutMs = 4000): Promise<T> {
  return new Promise((resolve, reject) => {
    let stop: () => void = () => {};
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`store never reached the state; last value: ${JSON.stringify(store.get())}`));
    }, timeoutMs);
    stop = store.subscribe((value) => {
      if (!ready(value)) return;
      clearTimeout(timer);
      queueMicrotask(() => stop());
      resolve(value);
    });
  });
}
