/** Timestamps are stored as ISO-8601 UTC text on both databases (sortable, portable). */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoPlus(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}
