import { failure, type Answer } from "../answers";
import { issueCode, liveCode, useCode } from "../codes";
import { findMemberByEmail } from "../members";
import { MIN_PASSWORD_LENGTH, hashPassword } from "../passwords";
import { text } from "../payload";
import type { Route, RouteContext } from "../router";
import { endAllSessionsOf } from "../sessions";

/**
 * The link the e-mail would carry: resetPasswordLink resolved against rootUrl, with the code put
 * in place of a `{resetCode}` placeholder, or else appended as the `resetCode` query parameter.
 */
export function resetLink(rootUrl: string, resetPasswordLink: string, code: string): string | undefined {
  try {
    if (resetPasswordLink.includes("{resetCode}")) {
      return new URL(resetPasswordLink.replaceAll("{resetCode}", encodeURIComponent(code)), rootUrl || undefined).href;
    }
    const url = new URL(resetPasswordLink, rootUrl || undefined);
    url.searchParams.set("resetCode", code);
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * A real provider e-mails the code; the sandbox answers it as `resetCode` and logs the link, so
 * a test can follow the flow without a mailbox.
 */
function getResetCode({ db, query, now, state }: RouteContext): Answer {
  const member = findMemberByEmail(db, query.get("emailAddress") ?? "");
  if (!member) return failure(29);
  const code = issueCode(db, member.member_id, "reset", now);
  const link = resetLink(query.get("rootUrl") ?? "", query.get("resetPasswordLink") ?? "", code);
  state.log(
    `[loyalty sandbox] reset link for ${member.email}: ${link ?? "(rootUrl/resetPasswordLink do not form a URL)"}`,
  );
  return { peachCode: 0, resetCode: code };
}

function resetPassword(checkMembershipId: boolean) {
  return async ({ db, body, now }: RouteContext): Promise<Answer> => {
    const resetCode = text(body.resetCode);
    const found = liveCode(db, resetCode, "reset", now);
    if (!found) return failure(57);
    // The v3 payload names the member too; when it does, it must be the code's member.
    const membershipId = text(body.membershipId).trim();
    if (checkMembershipId && membershipId !== "" && membershipId !== found.member_id) return failure(57);
    const password = text(body.password);
    if (password.length < MIN_PASSWORD_LENGTH) {
      return failure(84, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    const hash = await hashPassword(password);
    // Re-checked after the await: the code may have been spent meanwhile.
    if (!liveCode(db, resetCode, "reset", now)) return failure(57);
    db.transaction(() => {
      db.run("UPDATE members SET password_hash = ? WHERE member_id = ?", [hash, found.member_id]);
      useCode(db, resetCode);
      // A new password signs the member out everywhere.
      endAllSessionsOf(db, found.member_id);
    });
    return { peachCode: 0 };
  };
}

const RESET_LINK_QUERY = ["emailAddress", "rootUrl", "resetPasswordLink"];

export const passwordRoutes: Route[] = [
  // Spec §7: one path for both versions, "the v3 variant is the same with the {brand} ids". The
  // dispatcher answers with the variant whose query keys the request carries.
  {
    method: "GET",
    path: "/Member/GetResetPasswordCode",
    query: ["circuitId", "cinemaId", ...RESET_LINK_QUERY],
    handle: getResetCode,
  },
  {
    method: "GET",
    path: "/Member/GetResetPasswordCode",
    query: ["{brand}CircuitId", "{brand}CinemaId", ...RESET_LINK_QUERY],
    handle: getResetCode,
  },
  {
    // The site reads statusCode and peachCode here (spec §4 "Password reset (non-v3)"), so both are sent.
    method: "GET",
    path: "/Member/ValidatePasswordResetCode",
    query: ["circuitId", "cinemaId", "emailAddress", "resetCode"],
    handle({ db, query, now }) {
      const found = liveCode(db, query.get("resetCode") ?? "", "reset", now);
      const member = findMemberByEmail(db, query.get("emailAddress") ?? "");
      if (!found || !member || member.member_id !== found.member_id) return { statusCode: 200, ...failure(57) };
      return { statusCode: 200, peachCode: 0 };
    },
  },
  { method: "POST", path: "/Member/ResetPassword", query: ["circuitId", "cinemaId"], handle: resetPassword(false) },
  { method: "POST", path: "/Member/v3/ResetPassword", handle: resetPassword(true) },
];
