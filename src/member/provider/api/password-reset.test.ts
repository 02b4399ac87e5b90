import type { LoyaltyResult } from "../../types";
import type { NewPasswordRequest, ResetCodeReply } from "./password";
import { passwordResetRequest, resetCodeRefusal, resetPassword, type PasswordResetSteps } from "./password-reset";
import { itReturnsPerCase } from "../../../test/tables";

function recordingSteps(
  check: LoyaltyResult<ResetCodeReply>,
  post: LoyaltyResult<void> = { ok: true, value: undefined },
) {
  const calls: { step: string; request: unknown; version?: number }[] = [];
  const steps: PasswordResetSteps = {
    async validateResetCode(request) {
      calls.push({ step: "validate", request });
      return check;
    },
    async postNewPassword(request: NewPasswordRequest, version) {
      calls.push({ step: "post", request, version });
      return post;
    },
  };
  return { steps, calls };
}

const ok = (reply: ResetCodeReply): LoyaltyResult<ResetCodeReply> => ({ ok: true, value: reply });

describe("resetCodeRefusal (spec §4 step 2)", () => {
  itReturnsPerCase(resetCodeRefusal, [
    ["statusCode 200, peachCode 0 → go on", { statusCode: 200, peachCode: 0 }, null],
    ["statusCode 200, no peachCode → go on", { statusCode: 200, peachCode: null }, null],
    [
      "peachCode 57 → that reply",
      { statusCode: 200, peachCode: 57, clientErrorMessage: "Invalid reset code" },
      { kind: "provider", code: 57, clientErrorMessage: "Invalid reset code" },
    ],
    [
      "statusCode 500 → that reply",
      { statusCode: 500, peachCode: 0, clientErrorMessage: "boom" },
      { kind: "provider", code: 500, clientErrorMessage: "boom" },
    ],
    ["statusCode 0 is not 200 here", { statusCode: 0, peachCode: 0 }, { kind: "provider", code: 0 }],
    ["no statusCode → unreadable", { statusCode: null, peachCode: 0 }, { kind: "bad_response" }],
  ]);
});

describe("resetPassword, version 1 (non-v3 sequence)", () => {
  const request = { version: 1, email: "ada@example.com", resetCode: "CODE1", password: "New-pass-1!" } as const;

  it("validates the code, then posts the new password", async () => {
    const { steps, calls } = recordingSteps(ok({ statusCode: 200, peachCode: 0 }));
    expect(await resetPassword(steps, request)).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual([
      { step: "validate", request: { email: "ada@example.com", resetCode: "CODE1" } },
      { step: "post", request: { password: "New-pass-1!", resetCode: "CODE1" }, version: 1 },
    ]);
  });

  it.each<[string, ResetCodeReply, number]>([
    ["statusCode not 200", { statusCode: 401, peachCode: 0 }, 401],
    ["peachCode 57", { statusCode: 200, peachCode: 57 }, 57],
  ])("returns the reply as the failure and posts nothing when %s", async (_name, reply, code) => {
    const { steps, calls } = recordingSteps(ok(reply));
    expect(await resetPassword(steps, request)).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "provider", code }),
    });
    expect(calls.map((call) => call.step)).toEqual(["validate"]);
  });

  it("a failed check (the client's failure) is returned and nothing is posted", async () => {
    const failure = { kind: "provider" as const, code: 57 };
    const { steps, calls } = recordingSteps({ ok: false, failure });
    expect(await resetPassword(steps, request)).toEqual({ ok: false, failure });
    expect(calls).toHaveLength(1);
  });

  it("the post's own failure (84, a short password) comes back", async () => {
    const failure = { kind: "provider" as const, code: 84 };
    const { steps } = recordingSteps(ok({ statusCode: 200, peachCode: 0 }), { ok: false, failure });
    expect(await resetPassword(steps, request)).toEqual({ ok: false, failure });
  });
});

describe("resetPassword, version 3", () => {
  it("posts straight away with membershipId, no code check", async () => {
    const { steps, calls } = recordingSteps(ok({ statusCode: 200, peachCode: 0 }));
    await resetPassword(steps, { version: 3, resetCode: "TOKEN", membershipId: "100001", password: "New-pass-1!" });
    expect(calls).toEqual([
      { step: "post", request: { password: "New-pass-1!", resetCode: "TOKEN", membershipId: "100001" }, version: 3 },
    ]);
  });
});

describe("passwordResetRequest: from the reset page's values", () => {
  it.each<[string, Parameters<typeof passwordResetRequest>[0], 1 | 3, ReturnType<typeof passwordResetRequest>]>([
    [
      "code with e-mail, v1",
      { kind: "code", resetCode: "C", email: "a@example.com" },
      1,
      { version: 1, email: "a@example.com", resetCode: "C", password: "pw" },
    ],
    ["code without e-mail, v1 → cannot check the code", { kind: "code", resetCode: "C" }, 1, null],
    [
      "code without e-mail, v3 (BOOST_POS link)",
      { kind: "code", resetCode: "C" },
      3,
      { version: 3, resetCode: "C", membershipId: "", password: "pw" },
    ],
    [
      "code with e-mail, v3",
      { kind: "code", resetCode: "C", email: "a@example.com" },
      3,
      { version: 3, resetCode: "C", membershipId: "", password: "pw" },
    ],
    [
      "TAPOS uid/token, v3 → membershipId = uid, resetCode = token",
      { kind: "tapos", uid: "100001", token: "T" },
      3,
      { version: 3, resetCode: "T", membershipId: "100001", password: "pw" },
    ],
    ["TAPOS on v1 → none", { kind: "tapos", uid: "100001", token: "T" }, 1, null],
  ])("%s", (_name, params, version, expected) => {
    expect(passwordResetRequest(params, version, "pw")).toEqual(expected);
  });
});
