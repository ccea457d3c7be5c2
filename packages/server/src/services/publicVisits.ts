/**
 * Page-view counting for the public site, bounded: one count per client address and record
 * per window (an hour), kept in memory. One process serves the site; after a restart a
 * visitor may count once more, which is harmless, while a reload loop cannot inflate the
 * "popular" lists.
 */
export class VisitCounter {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs = 3600_000,
    private readonly maxEntries = 100_000,
  ) {}

  /** True when this address has not counted this record within the window (and records it now). */
  shouldCount(kind: string, id: string, ip: string, now = Date.now()): boolean {
    const key = `${kind}\u0000${id}\u0000${ip}`;
    const last = this.seen.get(key);
    if (last !== undefined && now - last < this.windowMs) return false;
    if (this.seen.size >= this.maxEntries) this.prune(now);
    this.seen.set(key, now);
    return true;
  }

  private prune(now: number): void {
    for (const [key, at] of this.seen) if (now - at >= this.windowMs) this.seen.delete(key);
    // Still full of fresh entries (a flood of addresses): forget the oldest half rather than grow.
    if (this.seen.size >= this.maxEntries) {
      let drop = Math.floor(this.seen.size / 2);
      for (const key of this.seen.keys()) {
        if (drop-- <= 0) break;
        this.seen.delete(key);
      }
    }
  }
}
