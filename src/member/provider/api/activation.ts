// Spec §4 "Paid-membership activation": four calls in sequence, each needing something from the
// previous answer. "The flow stops silently when any step lacks the needed field": a missing
// field is a "stopped" outcome (nothing to tell the member beyond "it did not go through"),
// distinct from a provider failure, which has a code the screen can explain (§8).
import type { LoyaltyContext } from "../../config";
import type { LoyaltyFailure, LoyaltyResult } from "../../types";
import type { ActivationHold, MembershipGroup, MembershipItem, MembershipOrder } from "./account-types";

/** The member being activated; any other member field given is sent along on the first write. */
export interface PaidActivationMember {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly mobileNumber?: string;
  /** Needed when the provider does not know the e-mail yet and creates the account. */
  readonly password?: string;
  readonly [field: string]: unknown;
}

export type PaidActivationContext = Pick<LoyaltyContext, "clubId" | "cinemaId">;

export interface ActivateOnCompletePayload {
  readonly memberLevelId: number;
  readonly memberItemId: string;
  readonly clubId: string;
  readonly [memberField: string]: unknown;
}

// Type aliases, not interfaces: a payload must be assignable to the client's Record<string, unknown>.
export type MembershipConcession = {
  readonly code: string;
  readonly description: string;
  readonly memberLevelId: number;
  readonly cost: 0;
  readonly quantity: 1;
  readonly isLoyaltyMembershipActivation: true;
};

export type AddMembershipPayload = {
  readonly userSessionId: string;
  readonly cinemaId: string;
  readonly emailAddress: string;
  readonly mobile: string;
  readonly concessions: readonly MembershipConcession[];
};

export type CompletePaymentPayload = {
  readonly QueryString: string;
  readonly PostValues: readonly unknown[];
  readonly PostValuesModel: null;
  readonly IsNewMember: true;
  readonly AmountPaidPaymentProvider: 0;
  readonly OtherPayments: readonly unknown[];
  readonly OrderId: string;
  readonly Customer: { readonly FirstName: string; readonly LastName: string; readonly Email: string };
};

/** The four calls, injectable so the sequence can be tested against any answers. */
export interface PaidActivationSteps {
  membershipList(): Promise<LoyaltyResult<readonly MembershipGroup[]>>;
  activateOnComplete(payload: ActivateOnCompletePayload): Promise<LoyaltyResult<ActivationHold>>;
  addMembership(payload: AddMembershipPayload): Promise<LoyaltyResult<MembershipOrder>>;
  completePayment(payload: CompletePaymentPayload): Promise<LoyaltyResult<MembershipOrder>>;
}

export type PaidActivationStep = "membershipList" | "activateOnComplete" | "addMembership" | "completePayment";

/**
 * "stopped" names the step whose answer lacked what the next step needs. The last step needs
 * nothing from its answer (§4 lists no field for it), so it can fail but never stop.
 */
export type PaidActivationOutcome =
  | { readonly status: "completed"; readonly orderId: string }
  | { readonly status: "stopped"; readonly step: Exclude<PaidActivationStep, "completePayment"> }
  | { readonly status: "failed"; readonly step: PaidActivationStep; readonly failure: LoyaltyFailure };

/** Spec §3: memberLevelId defaults to 1 when absent. */
export const DEFAULT_MEMBER_LEVEL_ID = 1;

/**
 * memberLevelId as the integer SetMemberToActivateOnComplete wants, or null when the provider
 * gave none usable. Digits in a string are accepted (some providers send ids as text); anything
 * else is treated as absent, so it takes the default rather than stopping the flow.
 */
export function levelIdOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value)) return Number(value);
  return null;
}

/**
 * Spec §3 "Membership item": the first item of the first group. It must have a code; a missing
 * memberLevelId becomes 1 (a present 0 is kept: the default is for absence only).
 */
export function membershipItemOf(groups: readonly MembershipGroup[]): MembershipItem | null {
  const offer = groups[0]?.offers[0];
  if (!offer?.code) return null;
  return {
    code: offer.code,
    memberLevelId: offer.memberLevelId ?? DEFAULT_MEMBER_LEVEL_ID,
    description: offer.description,
  };
}

export function activateOnCompletePayload(
  item: MembershipItem,
  member: PaidActivationMember,
  context: PaidActivationContext,
): ActivateOnCompletePayload {
  // §7 writes "{memberLevelId, memberItemId, clubId, ...member data}"; the three named fields are
  // put last here so that no member field (a stray memberLevelId: 0 from a form) can replace them.
  return { ...member, memberLevelId: item.memberLevelId, memberItemId: item.code, clubId: context.clubId };
}

export function addMembershipPayload(
  item: MembershipItem,
  userSessionId: string,
  member: PaidActivationMember,
  context: PaidActivationContext,
): AddMembershipPayload {
  return {
    userSessionId,
    cinemaId: context.cinemaId,
    emailAddress: member.email,
    mobile: member.mobileNumber ?? "",
    // Spec §3: sent with cost 0, quantity 1 and isLoyaltyMembershipActivation true.
    concessions: [
      {
        code: item.code,
        description: item.description,
        memberLevelId: item.memberLevelId,
        cost: 0,
        quantity: 1,
        isLoyaltyMembershipActivation: true,
      },
    ],
  };
}

/**
 * Spec §4 step 4: a zero amount, marked as a new member. No payment provider was involved, so
 * there is no query string, post values or other payment to pass back: empty values stand in.
 */
export function completePaymentPayload(orderId: string, member: PaidActivationMember): CompletePaymentPayload {
  return {
    QueryString: "",
    PostValues: [],
    PostValuesModel: null,
    IsNewMember: true,
    AmountPaidPaymentProvider: 0,
    OtherPayments: [],
    OrderId: orderId,
    Customer: { FirstName: member.firstName, LastName: member.lastName, Email: member.email },
  };
}

export async function runPaidActivation(
  steps: PaidActivationSteps,
  member: PaidActivationMember,
  context: PaidActivationContext,
): Promise<PaidActivationOutcome> {
  const list = await steps.membershipList();
  if (!list.ok) return { status: "failed", step: "membershipList", failure: list.failure };
  const item = membershipItemOf(list.value);
  if (!item) return { status: "stopped", step: "membershipList" };

  const hold = await steps.activateOnComplete(activateOnCompletePayload(item, member, context));
  if (!hold.ok) return { status: "failed", step: "activateOnComplete", failure: hold.failure };
  const { userSessionId, accepted } = hold.value;
  if (!accepted || !userSessionId) return { status: "stopped", step: "activateOnComplete" };

  const order = await steps.addMembership(addMembershipPayload(item, userSessionId, member, context));
  if (!order.ok) return { status: "failed", step: "addMembership", failure: order.failure };
  const { orderId } = order.value;
  if (!orderId) return { status: "stopped", step: "addMembership" };

  const payment = await steps.completePayment(completePaymentPayload(orderId, member));
  if (!payment.ok) return { status: "failed", step: "completePayment", failure: payment.failure };
  return { status: "completed", orderId: payment.value.orderId ?? orderId };
}
