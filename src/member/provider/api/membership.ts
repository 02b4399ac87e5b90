// The membership routes of spec §7 behind the paid activation (activation.ts runs them in order).
// None needs a session: the member being activated cannot sign in yet.
import type { CaptchaTokens, LoyaltyClient } from "../client";
import type { LoyaltyResult } from "../../types";
import type { ActivationHold, MembershipGroup, MembershipOrder } from "./account-types";
import {
  levelIdOf,
  type ActivateOnCompletePayload,
  type AddMembershipPayload,
  type CompletePaymentPayload,
  type PaidActivationSteps,
} from "./activation";
import { membershipListAnswerSchema, optionalOrderIdAnswerSchema, userSessionAnswerSchema } from "./schemas";
import { mapResult, textOrNull } from "./shared";

export async function getMembershipList(client: LoyaltyClient): Promise<LoyaltyResult<readonly MembershipGroup[]>> {
  const answer = await client.call("membershipList", { schema: membershipListAnswerSchema });
  return mapResult(answer, ({ listConcessionGrouping }) =>
    listConcessionGrouping.map((group) => ({
      name: group.name ?? "",
      offers: group.items.map((item) => ({
        code: textOrNull(item.code),
        description: item.description ?? "",
        memberLevelId: levelIdOf(item.memberLevelId),
        price: item.price ?? null,
      })),
    })),
  );
}

/** The activation's start creates the account: it carries a captcha token of the "signup" action, as Create does. */
export async function setMemberToActivateOnComplete(
  client: LoyaltyClient,
  payload: ActivateOnCompletePayload,
  captchaToken: string | null,
): Promise<LoyaltyResult<ActivationHold>> {
  const answer = await client.call("activateOnComplete", { payload, captchaToken, schema: userSessionAnswerSchema });
  // The client already fails on a non-zero peachCode; a verdict without one (statusCode only)
  // still reaches here, and §4 wants "peachCode 0" explicitly.
  return mapResult(answer, (hold) => ({
    userSessionId: textOrNull(hold.userSessionId),
    accepted: hold.peachCode === 0,
  }));
}

export async function addMembership(
  client: LoyaltyClient,
  payload: AddMembershipPayload,
): Promise<LoyaltyResult<MembershipOrder>> {
  const answer = await client.call("addMembership", {
    ...(payload.cinemaId ? { params: { cinemaId: payload.cinemaId } } : {}),
    payload,
    schema: optionalOrderIdAnswerSchema,
  });
  return mapResult(answer, ({ orderId }) => ({ orderId: textOrNull(orderId) }));
}

export async function completePayment(
  client: LoyaltyClient,
  payload: CompletePaymentPayload,
): Promise<LoyaltyResult<MembershipOrder>> {
  const answer = await client.call("completePayment", { payload, schema: optionalOrderIdAnswerSchema });
  return mapResult(answer, ({ orderId }) => ({ orderId: textOrNull(orderId) }));
}

/** The token is minted as the step runs, after the membership list has answered: a token lives two minutes. */
export function paidActivationSteps(client: LoyaltyClient, captchaTokens: CaptchaTokens): PaidActivationSteps {
  return {
    membershipList: () => getMembershipList(client),
    activateOnComplete: async (payload) =>
      setMemberToActivateOnComplete(client, payload, (await captchaTokens("signup")) ?? null),
    addMembership: (payload) => addMembership(client, payload),
    completePayment: (payload) => completePayment(client, payload),
  };
}
