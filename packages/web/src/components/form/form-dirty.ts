/**
 * Whether a form holds something other than what was loaded or last saved. Compared by value,
 * not by change events: controls that tidy their value on mount (the rich-text editor turns ''
 * into <p></p>) and edits typed back to what they were do not count as unsaved changes.
 */
type Values = Record<string, unknown>;

const EMPTY_HTML = /^(<p>\s*(<br\s*\/?>)?\s*<\/p>)*$/i;

function normalise(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (Array.isArray(v) && v.length === 0) return null;
  if (typeof v === 'string' && EMPTY_HTML.test(v.trim())) return null;
  return v;
}

export function sameValues(a: Values, b: Values): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (JSON.stringify(normalise(a[k])) !== JSON.stringify(normalise(b[k]))) return false;
  return true;
}

/** A geometry (or none) as comparable text. */
export function geometryKey(g: unknown): string {
  return g ? JSON.stringify(g) : '';
}
