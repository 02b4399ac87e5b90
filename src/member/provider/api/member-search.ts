// Spec §4 "Member search follow-up": a member the provider knows without a username gets one
// (their chosen username, else their e-mail) and the club id the search answered. The member
// edited is the signed-in one, named by their own id: a search answers no member id (issue 43).
import { memberFromProvider, type CaptchaTokens, type LoyaltyClient } from "../client";
import { rawMemberAnswerSchema, rawMemberDetailsSchema } from "../raw-types";
import type { LoyaltyResult, Member, MemberSession } from "../../types";
import type { MemberSearchMatch } from "./account-types";
import { searchMember } from "./members";
import { mapResult } from "./shared";

export interface UsernameAssignment {
  readonly memberId: string;
  readonly username: string;
  readonly clubId: string;
}

/**
 * Edit without a session header: the upstream then names the member by memberId and takes only
 * username and clubId (docs/loyalty-upstream.md), which is all the follow-up sends.
 */
export async function assignUsername(
  client: LoyaltyClient,
  assignment: UsernameAssignment,
): Promise<LoyaltyResult<Member>> {
  const answer = await client.call("editMember", {
    payload: { memberId: assignment.memberId, username: assignment.username, clubId: assignment.clubId },
    schema: rawMemberAnswerSchema.extend({ memberDetails: rawMemberDetailsSchema }),
  });
  return mapResult(answer, ({ memberDetails }) => memberFromProvider(memberDetails));
}

export interface MemberSearchSteps {
  search(email: string): Promise<LoyaltyResult<MemberSearchMatch>>;
  assignUsername(assignment: UsernameAssignment): Promise<LoyaltyResult<Member>>;
}

/** Each search mints its own captcha token (issue 43), as it runs. */
export function memberSearchSteps(
  client: LoyaltyClient,
  captchaTokens: CaptchaTokens,
  session?: MemberSession | null,
): MemberSearchSteps {
  return {
    search: async (email) => searchMember(client, email, (await captchaTokens("member_search")) ?? null, session),
    assignUsername: (assignment) => assignUsername(client, assignment),
  };
}

export type MemberSearchOutcome =
  | { readonly status: "unchanged"; readonly reason: "hasUserName" | "noClubId"; readonly match: MemberSearchMatch }
  | { readonly status: "updated"; readonly match: MemberSearchMatch; readonly member: Member };

export interface MemberSearchRequest {
  readonly email: string;
  /** The signed-in member's own id: the only member the follow-up ever edits. */
  readonly memberId: string;
  /** The username the member chose, if the screen asked for one. */
  readonly username?: string;
}

export async function runMemberSearchFollowUp(
  steps: MemberSearchSteps,
  request: MemberSearchRequest,
): Promise<LoyaltyResult<MemberSearchOutcome>> {
  const found = await steps.search(request.email);
  if (!found.ok) return found;
  const match = found.value;
  if (match.hasUserName) return { ok: true, value: { status: "unchanged", reason: "hasUserName", match } };
  if (match.clubId === null) return { ok: true, value: { status: "unchanged", reason: "noClubId", match } };
  const username = request.username?.trim() || request.email.trim();
  const edited = await steps.assignUsername({ memberId: request.memberId, username, clubId: match.clubId });
  return mapResult(edited, (member) => ({ status: "updated", match, member }));
}
