/**
 * Spreadsheet (CSV) injection, OWASP: a text cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return may be taken for a formula by Excel or another spreadsheet. Every Excel and CSV
 * export writes its cells through `safeCell`, which puts a `'` in front; imports read text cells
 * through `unescapeCell`, so an exported file imported again gives back the stored values.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value as exports write it: formula-like text gets a leading `'`; other values unchanged. */
export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text cell as imports read it: the `'` that `safeCell` put before formula-like text is dropped. */
export function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
