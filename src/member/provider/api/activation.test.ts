import type { ActivationHold, MembershipGroup, MembershipOrder } from "./account-types";
import {
  levelIdOf,
  membershipItemOf,
  runPaidActivation,
  type ActivateOnCompletePayload,
  type AddMembershipPayload,
  type CompletePaymentPayload,
  type PaidActivationSteps,
} from "./activation";
import type { LoyaltyResult } from "../../types";
import { itReturns, itReturnsPerCase } from "../../../test/tables";

const offer = (code: string | null, memberLevelId: number | null, description = "Annual") => ({
  code,
  memberLevelId,
  description,
  price: 0,
});
const groups = (...offers: ReturnType<typeof offer>[]): MembershipGroup[] => [{ name: "Memberships", offers }];

describe("membershipItemOf (spec §3 Membership item)", () => {
  itReturnsPerCase(membershipItemOf, [
    [
      "the first item of the first group",
      [...groups(offer("A", 3), offer("B", 2)), ...groups(offer("C", 4))],
      { code: "A", memberLevelId: 3, description: "Annual" },
    ],
    ["memberLevelId absent → 1", groups(offer("A", null)), { code: "A", memberLevelId: 1, description: "Annual" }],
    ["memberLevelId 0 is present, kept", groups(offer("A", 0)), { code: "A", memberLevelId: 0, description: "Annual" }],
    ["first item without a code → none (no fallback to the second)", groups(offer(null, 2), offer("B", 2)), null],
    [
      "first group empty → none (the second group is not read)",
      [{ name: "Empty", offers: [] }, ...groups(offer("C", 1))],
      null,
    ],
    ["no group → none", [], null],
  ]);
});

describe("levelIdOf", () => {
  itReturns(
    levelIdOf,
    [
      [2, 2],
      [0, 0],
      ["3", 3],
      [" 4 ", 4],
      [1.5, null],
      [-1, null],
      ["gold", null],
      ["", null],
      [null, null],
      [undefined, null],
    ],
    "%j → %j",
  );
});

const member = {
  email: "ines@example.com",
  firstName: "Ines",
  lastName: "Inactive",
  mobileNumber: "+33612345605",
  password: "Demo-2026!",
};
const context = { clubId: "1", cinemaId: "LUM01" };

interface Answers {
  list?: LoyaltyResult<readonly MembershipGroup[]>;
  hold?: LoyaltyResult<ActivationHold>;
  order?: LoyaltyResult<MembershipOrder>;
  payment?: LoyaltyResult<MembershipOrder>;
}

function recordingSteps(answers: Answers = {}) {
  const calls: { step: string; payload?: unknown }[] = [];
  const steps: PaidActivationSteps = {
    async membershipList() {
      calls.push({ step: "membershipList" });
      return answers.list ?? { ok: true, value: groups(offer("MEMBER-ANNUAL", 2)) };
    },
    async activateOnComplete(payload: ActivateOnCompletePayload) {
      calls.push({ step: "activateOnComplete", payload });
      return answers.hold ?? { ok: true, value: { userSessionId: "USID-1", accepted: true } };
    },
    async addMembership(payload: AddMembershipPayload) {
      calls.push({ step: "addMembership", payload });
      return answers.order ?? { ok: true, value: { orderId: "ORD-1" } };
    },
    async completePayment(payload: CompletePaymentPayload) {
      calls.push({ step: "completePayment", payload });
      return answers.payment ?? { ok: true, value: { orderId: "ORD-1" } };
    },
  };
  return { steps, calls };
}

describe("runPaidActivation (spec §4)", () => {
  it("runs the four steps in order with the §7 payloads and completes", async () => {
    const { steps, calls } = recordingSteps();
    expect(await runPaidActivation(steps, member, context)).toEqual({ status: "completed", orderId: "ORD-1" });
    expect(calls.map((call) => call.step)).toEqual([
      "membershipList",
      "activateOnComplete",
      "addMembership",
      "completePayment",
    ]);
    expect(calls[1]?.payload).toEqual({ ...member, memberLevelId: 2, memberItemId: "MEMBER-ANNUAL", clubId: "1" });
    expect(calls[2]?.payload).toEqual({
      userSessionId: "USID-1",
      cinemaId: "LUM01",
      emailAddress: "ines@example.com",
      mobile: "+33612345605",
      concessions: [
        {
          code: "MEMBER-ANNUAL",
          description: "Annual",
          memberLevelId: 2,
          cost: 0,
          quantity: 1,
          isLoyaltyMembershipActivation: true,
        },
      ],
    });
    expect(calls[3]?.payload).toEqual({
      QueryString: "",
      PostValues: [],
      PostValuesModel: null,
      IsNewMember: true,
      AmountPaidPaymentProvider: 0,
      OtherPayments: [],
      OrderId: "ORD-1",
      Customer: { FirstName: "Ines", LastName: "Inactive", Email: "ines@example.com" },
    });
  });

  it("memberLevelId is sent as the integer default 1 when the item has none", async () => {
    const { steps, calls } = recordingSteps({ list: { ok: true, value: groups(offer("BASIC", null)) } });
    await runPaidActivation(steps, member, context);
    expect((calls[1]?.payload as ActivateOnCompletePayload).memberLevelId).toBe(1);
  });

  it("a member field cannot replace memberLevelId, memberItemId or clubId", async () => {
    const { steps, calls } = recordingSteps();
    await runPaidActivation(steps, { ...member, memberLevelId: 0, memberItemId: null, clubId: "x" }, context);
    expect(calls[1]?.payload).toMatchObject({ memberLevelId: 2, memberItemId: "MEMBER-ANNUAL", clubId: "1" });
  });

  it("mobile is sent empty when the member gave none", async () => {
    const { steps, calls } = recordingSteps();
    const { mobileNumber: _unused, ...withoutMobile } = member;
    await runPaidActivation(steps, withoutMobile, context);
    expect((calls[2]?.payload as AddMembershipPayload).mobile).toBe("");
  });

  it("keeps the AddMembership order id when CompletePayment answers none", async () => {
    const { steps } = recordingSteps({ payment: { ok: true, value: { orderId: null } } });
    expect(await runPaidActivation(steps, member, context)).toEqual({ status: "completed", orderId: "ORD-1" });
  });

  it.each<[string, Answers, string, string[]]>([
    ["the list has no item", { list: { ok: true, value: [] } }, "membershipList", ["membershipList"]],
    [
      "the item has no code",
      { list: { ok: true, value: groups(offer(null, 1)) } },
      "membershipList",
      ["membershipList"],
    ],
    [
      "the hold has no userSessionId",
      { hold: { ok: true, value: { userSessionId: null, accepted: true } } },
      "activateOnComplete",
      ["membershipList", "activateOnComplete"],
    ],
    [
      "the hold has no peachCode 0",
      { hold: { ok: true, value: { userSessionId: "USID-1", accepted: false } } },
      "activateOnComplete",
      ["membershipList", "activateOnComplete"],
    ],
    [
      "the membership has no orderId",
      { order: { ok: true, value: { orderId: null } } },
      "addMembership",
      ["membershipList", "activateOnComplete", "addMembership"],
    ],
  ])("stops silently when %s", async (_name, answers, step, ran) => {
    const { steps, calls } = recordingSteps(answers);
    expect(await runPaidActivation(steps, member, context)).toEqual({ status: "stopped", step });
    expect(calls.map((call) => call.step)).toEqual(ran);
  });

  it.each(["membershipList", "activateOnComplete", "addMembership", "completePayment"] as const)(
    "a provider failure at %s is reported with its step, and nothing runs after it",
    async (step) => {
      const failure = { kind: "provider" as const, code: 76, clientErrorMessage: "Your account is already active" };
      const key = (
        {
          membershipList: "list",
          activateOnComplete: "hold",
          addMembership: "order",
          completePayment: "payment",
        } as const
      )[step];
      const { steps, calls } = recordingSteps({ [key]: { ok: false, failure } });
      expect(await runPaidActivation(steps, member, context)).toEqual({ status: "failed", step, failure });
      expect(calls.at(-1)?.step).toBe(step);
    },
  );
});
