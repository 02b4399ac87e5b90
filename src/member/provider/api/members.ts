// Member records (spec §7): create, edit, read, delete, plus the anonymous helpers around them
// (username reminder, member search, activation code, registration start) and the payment portal.
import type { z } from "zod";
import { memberFromProvider, type LoyaltyClient } from "../client";
import type { LoyaltyContext } from "../../config";
import { rawMemberAnswerSchema, rawMemberDetailsSchema, rawVerdictSchema } from "../raw-types";
import { RouteBuildError } from "../routes";
import type { LoyaltyResult, Member, MemberSession } from "../../types";
import type { MemberSearchMatch, PaymentPortalSession, RegistrationStart } from "./account-types";
import { memberCreationPayload, type MemberCreationFields } from "./creation-payload";
import { memberSearchAnswerSchema, registrationAnswerSchema, urlAnswerSchema } from "./schemas";
import { normaliseCardCode } from "../../card-code";
import { done, failed, mapResult, memberCall, textOrNull } from "./shared";

const memberAnswerSchema = rawMemberAnswerSchema.extend({ memberDetails: rawMemberDetailsSchema });

const memberOf = ({ memberDetails }: z.infer<typeof memberAnswerSchema>): Member => memberFromProvider(memberDetails);

/** Fields of the profile form; the provider takes what it models and ignores the rest. */
export type MemberEditFields = Readonly<Record<string, unknown>>;

/**
 * The member is active at once but has no session: the screen signs them in next. Carries a
 * captcha token of the "signup" action (issue 43: a taken address answers 34).
 */
export async function createMember(
  client: LoyaltyClient,
  context: Pick<LoyaltyContext, "clubId">,
  fields: MemberCreationFields,
  captchaToken: string | null,
): Promise<LoyaltyResult<Member>> {
  const answer = await client.call("createMember", {
    payload: memberCreationPayload(context, fields),
    captchaToken,
    schema: memberAnswerSchema,
  });
  return mapResult(answer, memberOf);
}

export async function editMember(
  client: LoyaltyClient,
  session: MemberSession,
  fields: MemberEditFields,
): Promise<LoyaltyResult<Member>> {
  return memberCall(client, session, "editMember", { payload: fields, schema: memberAnswerSchema }, memberOf);
}

/** The profile: v1 GetMember (with the login's userSessionId when there is one), v3 GetMember. */
export async function getMember(client: LoyaltyClient, session: MemberSession): Promise<LoyaltyResult<Member>> {
  const query =
    session.cypherVersion === 1 && session.userSessionId ? { query: { userSessionId: session.userSessionId } } : {};
  return memberCall(client, session, "getMember", { ...query, schema: memberAnswerSchema }, memberOf);
}

/** The provider only deletes the member the token belongs to, so memberId is always the session's. */
export async function deleteAccount(client: LoyaltyClient, session: MemberSession): Promise<LoyaltyResult<void>> {
  const answer = await client.call("deleteAccount", {
    version: session.cypherVersion,
    session: session.token,
    query: { memberId: session.member.memberId },
    schema: rawVerdictSchema,
  });
  return answer.ok ? done : answer;
}

/** The e-mail travels in the path; one no route can carry (spaces, quotes...) is refused here as the proxy would. */
export async function sendUsernameReminder(client: LoyaltyClient, email: string): Promise<LoyaltyResult<void>> {
  try {
    const answer = await client.call("usernameReminder", { params: { email: email.trim() }, schema: rawVerdictSchema });
    return answer.ok ? done : answer;
  } catch (error) {
    if (error instanceof RouteBuildError) return failed({ kind: "proxy", code: "bad_request" });
    throw error;
  }
}

/** Carries a captcha token of the "member_search" action (issue 43). */
export async function searchMember(
  client: LoyaltyClient,
  email: string,
  captchaToken: string | null,
  session?: MemberSession | null,
): Promise<LoyaltyResult<MemberSearchMatch>> {
  const answer = await client.call("memberSearch", {
    payload: { email: email.trim() },
    captchaToken,
    ...(session ? { session: session.token } : {}),
    schema: memberSearchAnswerSchema,
  });
  return mapResult(answer, (found) => ({
    hasUserName: found.hasUserName !== false,
    clubId: textOrNull(found.clubId),
  }));
}

export interface ActivationCodeRequest {
  readonly email: string;
  /** Sent when the site asks for it (includeActivationCardNumber). */
  readonly cardNumber?: string;
  /** Sent when the site asks for it (includeActivationPhoneNumber), E.164 preferred. */
  readonly mobilePhone?: string;
}

/**
 * The code goes to the member by e-mail; 76 already active, 85 card or phone not the account's.
 * Carries a captcha token of the "activation_code" action (it e-mails whoever the address is).
 */
export async function sendMemberActivationCode(
  client: LoyaltyClient,
  request: ActivationCodeRequest,
  captchaToken: string | null,
): Promise<LoyaltyResult<void>> {
  const payload: Record<string, string> = { email: request.email.trim() };
  if (request.cardNumber) payload.cardNumber = normaliseCardCode(request.cardNumber);
  if (request.mobilePhone) payload.mobilePhone = request.mobilePhone;
  const answer = await client.call("sendMemberActivationCode", { payload, captchaToken, schema: rawVerdictSchema });
  return answer.ok ? done : answer;
}

/** Carries a captcha token of the "signup" action. */
export async function startRegistration(
  client: LoyaltyClient,
  captchaToken: string | null,
): Promise<LoyaltyResult<RegistrationStart>> {
  const answer = await client.call("startRegistration", { captchaToken, schema: registrationAnswerSchema });
  return mapResult(answer, ({ userSessionId }) => ({ userSessionId }));
}

/** Where the member manages their payment method; the screen navigates there. */
export async function getPaymentPortalSession(
  client: LoyaltyClient,
  session: MemberSession,
): Promise<LoyaltyResult<PaymentPortalSession>> {
  return memberCall(client, session, "paymentPortalSession", { schema: urlAnswerSchema }, ({ url }) => ({ url }));
}
