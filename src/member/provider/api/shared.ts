import type { z } from "zod";
import type { JsonCallOptions, LoyaltyClient } from "../client";
import type { LoyaltyRouteName } from "../routes";
import type { LoyaltyFailure, LoyaltyResult, MemberSession } from "../../types";

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

/**
 * A call on the member's behalf: the session's version and token go along, `schema` parses the
 * answer and `reshape` turns it into what the account reads.
 */
export async function memberCall<N extends LoyaltyRouteName, T, U>(
  client: LoyaltyClient,
  session: MemberSession,
  name: N,
  options: Omit<JsonCallOptions<N, T>, "version" | "session"> & { readonly schema: z.ZodType<T> },
  reshape: (value: T) => U,
): Promise<LoyaltyResult<U>> {
  const answer = await client.call(name, { ...options, version: session.cypherVersion, session: session.token });
  return mapResult(answer, reshape);
}
