import type { LoyaltyFailure, LoyaltyResult } from "../../types";

export function mapResult<T, U>(result: LoyaltyResult<T>, reshape: (value: T) => U): LoyaltyResult<U> {
  return result.ok ? { ok: true, value: reshape(result.value) } : result;
}

export const failed = <T>(failure: LoyaltyFailure): LoyaltyResult<T> => ({ ok: false, failure });

export const done: LoyaltyResult<void> = { ok: true, value: undefined };

/** Empty strings from the provider mean "none" wherever the account reads an optional text. */
export function textOrNull(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === "" ? null : text;
}
