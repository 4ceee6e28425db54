/**
 * The one eviction rule of the caches (cache.server.ts, and the server's page cache): a map of at
 * most `maxEntries` entries; when full, the least recently used entry goes.
 * Rules: `get` counts as a use; nothing else is evicted, expired or cleared here (the caches
 * say when an entry stops being true and clear themselves at every write).
 */
export class LruMap<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly maxEntries: number) {
    if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries: ${maxEntries}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // A Map keeps the order of insertion: moved to the end, it is the most recently used.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
