// Spec §4 "Password reset (non-v3)" and the v3 call, from the values the reset page read
// (src/member/account/reset-link.ts).
import type { LoyaltyClient } from "../client";
import { PEACH_CODE } from "../../errors";
import type { LoyaltyFailure, LoyaltyResult } from "../../types";
import type { ResetParams } from "./account-types";
import { postNewPassword, validateResetCode, type NewPasswordRequest, type ResetCodeReply } from "./password";
import { failed } from "./shared";

export type PasswordResetRequest =
  | { readonly version: 1; readonly email: string; readonly resetCode: string; readonly password: string }
  | { readonly version: 3; readonly resetCode: string; readonly membershipId: string; readonly password: string };

/**
 * The request for the session version, or null when the link cannot make one: a version 1 reset
 * needs the e-mail for the code check, and a TAPOS link (uid, token) only exists on version 3,
 * where uid names the member and token is the reset code.
 */
export function passwordResetRequest(
  params: ResetParams,
  version: 1 | 3,
  password: string,
): PasswordResetRequest | null {
  if (params.kind === "tapos")
    return version === 3 ? { version: 3, resetCode: params.token, membershipId: params.uid, password } : null;
  if (version === 3) return { version: 3, resetCode: params.resetCode, membershipId: "", password };
  return params.email ? { version: 1, email: params.email, resetCode: params.resetCode, password } : null;
}

export interface PasswordResetSteps {
  validateResetCode(request: {
    readonly email: string;
    readonly resetCode: string;
  }): Promise<LoyaltyResult<ResetCodeReply>>;
  postNewPassword(request: NewPasswordRequest, version: 1 | 3): Promise<LoyaltyResult<void>>;
}

export function passwordResetSteps(client: LoyaltyClient): PasswordResetSteps {
  return {
    validateResetCode: (request) => validateResetCode(client, request),
    postNewPassword: (request, version) => postNewPassword(client, request, version),
  };
}

/**
 * Spec §4 step 2: the code check's reply is returned as the failure when statusCode is not 200
 * or peachCode is 57. A reply without a statusCode is "not 200" too; with no code to report, it
 * reads as an unreadable answer.
 */
export function resetCodeRefusal(reply: ResetCodeReply): LoyaltyFailure | null {
  const message = reply.clientErrorMessage ? { clientErrorMessage: reply.clientErrorMessage } : {};
  if (reply.statusCode === null) return { kind: "bad_response" };
  if (reply.statusCode !== 200) return { kind: "provider", code: reply.statusCode, ...message };
  if (reply.peachCode === PEACH_CODE.invalidResetCode) return { kind: "provider", code: reply.peachCode, ...message };
  return null;
}

/**
 * Version 1: check the code, then post the new password. The client already turns any non-zero
 * peachCode of the check into a failure, which is returned as is: stricter than §4 (which only
 * names 57), because posting after, say, "unknown e-mail" (29) could only fail too.
 * Version 3: post straight away with membershipId.
 */
export async function resetPassword(
  steps: PasswordResetSteps,
  request: PasswordResetRequest,
): Promise<LoyaltyResult<void>> {
  if (request.version === 3) {
    return steps.postNewPassword(
      { password: request.password, resetCode: request.resetCode, membershipId: request.membershipId },
      3,
    );
  }
  const check = await steps.validateResetCode({ email: request.email, resetCode: request.resetCode });
  if (!check.ok) return check;
  const refusal = resetCodeRefusal(check.value);
  if (refusal) return failed(refusal);
  return steps.postNewPassword({ password: request.password, resetCode: request.resetCode }, 1);
}
