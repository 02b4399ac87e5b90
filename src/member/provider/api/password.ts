// The password-reset routes of spec §7. password-reset.ts runs them in the order §4 asks.
import type { LoyaltyClient } from "../client";
import { rawVerdictSchema } from "../raw-types";
import type { LoyaltyResult } from "../../types";
import { resetCodeAnswerSchema } from "./schemas";
import { done, mapResult } from "./shared";

export interface ResetCodeRequest {
  readonly email: string;
  /** Where a relative resetPasswordLink is resolved: the site's origin. */
  readonly rootUrl: string;
  /** The template from src/member/account/reset-link.ts buildResetLink. */
  readonly resetPasswordLink: string;
  /** reCAPTCHA v3 token for the "password_reset" action; without one the server decides. */
  readonly captchaToken?: string | null;
}

/** Asks the provider to e-mail a reset link; 29 when the e-mail is unknown. */
export async function requestPasswordResetCode(
  client: LoyaltyClient,
  request: ResetCodeRequest,
  version: 1 | 3 = client.version,
): Promise<LoyaltyResult<void>> {
  const answer = await client.call("resetPasswordCode", {
    version,
    query: {
      emailAddress: request.email.trim(),
      rootUrl: request.rootUrl,
      resetPasswordLink: request.resetPasswordLink,
    },
    ...(request.captchaToken ? { captchaToken: request.captchaToken } : {}),
    schema: rawVerdictSchema,
  });
  return answer.ok ? done : answer;
}

/** What the non-v3 sequence reads from the code check (spec §4): both codes, as sent. */
export interface ResetCodeReply {
  readonly statusCode: number | null;
  readonly peachCode: number | null;
  readonly clientErrorMessage?: string;
}

export async function validateResetCode(
  client: LoyaltyClient,
  request: { readonly email: string; readonly resetCode: string },
): Promise<LoyaltyResult<ResetCodeReply>> {
  const answer = await client.call("validateResetCode", {
    query: { emailAddress: request.email.trim(), resetCode: request.resetCode },
    schema: resetCodeAnswerSchema,
  });
  return mapResult(answer, (reply) => ({
    statusCode: reply.statusCode ?? null,
    peachCode: reply.peachCode ?? null,
    ...(reply.clientErrorMessage ? { clientErrorMessage: reply.clientErrorMessage } : {}),
  }));
}

export interface NewPasswordRequest {
  readonly password: string;
  readonly resetCode: string;
  /** Version 3 only: the member the code belongs to, "" when the link does not say. */
  readonly membershipId?: string;
}

/** v1 {password, resetCode}; v3 {password, resetCode, membershipId}. Every session of the member ends. */
export async function postNewPassword(
  client: LoyaltyClient,
  request: NewPasswordRequest,
  version: 1 | 3,
): Promise<LoyaltyResult<void>> {
  const payload =
    version === 3
      ? { password: request.password, resetCode: request.resetCode, membershipId: request.membershipId ?? "" }
      : { password: request.password, resetCode: request.resetCode };
  const answer = await client.call("resetPassword", { version, payload, schema: rawVerdictSchema });
  return answer.ok ? done : answer;
}
