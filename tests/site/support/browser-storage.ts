/** The browser's Web Storage for tests running in Node: an in-memory Storage, or one that throws like a sandboxed iframe's. */
import { resetStorageFallback } from '../../../src/lib/platform/storage.ts';

/** A Web Storage kept in memory (the Storage interface of the browser). */
export class MemoryStorage implements Storage {
  #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
}

/** Gives globalThis fresh, empty localStorage and sessionStorage; returns them. */
export function installStorage(): { local: MemoryStorage; session: MemoryStorage } {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  resetStorageFallback();
  Object.defineProperty(globalThis, 'localStorage', { value: local, configurable: true, writable: true });
  Object.defineProperty(globalThis, 'sessionStorage', { value: session, configurable: true, writable: true });
  return { local, session };
}

/** Makes reading localStorage and sessionStorage throw a SecurityError, as in a sandboxed iframe. */
export function installSandboxedStorage(): void {
  resetStorageFallback();
  const refuse = () => {
    throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
  };
  Object.defineProperty(globalThis, 'localStorage', { get: refuse, configurable: true });
  Object.defineProperty(globalThis, 'sessionStorage', { get: refuse, configurable: true });
}
