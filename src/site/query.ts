export type QueryValue = string | number | boolean;
export type ParsedQuery = Record<string, QueryValue | QueryValue[]>;

function coerce(value: string): QueryValue {
  if (value === "true") return true;
  if (value === "false") return false;
  // Numeric text becomes a number (spec §2), but not text that would lose information
  // ("007", "1e3", " 12", "0x1F" stay text), so ids and codes survive the round trip.
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(value)) {
    const n = Number(value);
    if (Number.isFinite(n) && (Number.isSafeInteger(n) || value.includes("."))) return n;
  }
  return value;
}

/** The current query string as an object: "true"/"false" → booleans, numeric text → numbers (spec §2). */
export function parseQuery(search: string): ParsedQuery {
  const out: ParsedQuery = {};
  for (const [key, raw] of new URLSearchParams(search)) {
    const value = coerce(raw);
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}
