/**
 * JSON for a <script type="application/json"> element: characters that could end the element or
 * open a comment or CDATA section are written as \u escapes, so no value (a parcel named
 * `</script><script>…`) can break out; JSON.parse reads them back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
