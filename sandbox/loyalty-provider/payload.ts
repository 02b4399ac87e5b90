import type { JsonObject } from "./answers";
import { HttpError } from "./http";

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A payload field as text: strings as sent, numbers written out, anything else empty. */
export function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** First non-empty text among fields that mean the same thing under different names. */
export function firstText(body: JsonObject, ...keys: string[]): string {
  for (const key of keys) {
    const value = text(body[key]).trim();
    if (value !== "") return value;
  }
  return "";
}

/** `maxResults` is optional (spec §9); when sent it must be a positive whole number. */
export function maxResults(query: URLSearchParams): number | undefined {
  const raw = query.get("maxResults");
  if (raw === null || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new HttpError(400, "maxResults must be a positive integer");
  return value;
}

/** Dates are kept as YYYY-MM-DD; an ISO date-time is cut to its date. Undefined = not a date. */
export function birthDate(value: unknown): string | undefined {
  const raw = text(value).trim();
  if (raw === "") return "";
  const match = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(raw);
  if (!match?.[1] || Number.isNaN(Date.parse(match[1]))) return undefined;
  return match[1];
}
