/**
 * A small per-process cache of recent figures that may be a few seconds old. With several
 * server processes each keeps its own, so nothing has to be invalidated across them.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: T, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      for (const [k, e] of this.entries) if (now - e.at >= this.ttlMs) this.entries.delete(k);
      // Still full of fresh entries: drop the oldest (a Map keeps insertion order).
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
  }
}
