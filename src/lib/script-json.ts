// JSON written inside a <script> element (JSON-LD, the consent manager's config): `<` escaped so
// no text can close the element or open a comment in it, and the two line separators JavaScript
// once refused in strings escaped too. The value read back is the same.

export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
