/**
 * Answers kept by key, at most `limit` of them: past it the memory starts again, so keys that come from outside (a
 * typed phone, any instant) cannot grow it without bound. For pure computations whose inputs repeat.
 */
export class BoundedMemo<T> {
  readonly #values = new Map<string, T>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The answer kept for `key`, else `compute`'s, then kept. */
  get(key: string, compute: () => T): T {
    if (this.#values.has(key)) return this.#values.get(key) as T;
    const value = compute();
    if (this.#values.size >= this.#limit) this.#values.clear();
    this.#values.set(key, value);
    return value;
  }
}
