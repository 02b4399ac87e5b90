import type { LoyaltyResult, Member } from "../../types";
import { member as sampleMember } from "../../../test/loyalty-fakes";
import type { MemberSearchMatch } from "./account-types";
import { runMemberSearchFollowUp, type MemberSearchSteps, type UsernameAssignment } from "./member-search";

function recordingSteps(
  found: LoyaltyResult<MemberSearchMatch>,
  edited: LoyaltyResult<Member> = { ok: true, value: sampleMember },
) {
  const searches: string[] = [];
  const edits: UsernameAssignment[] = [];
  const steps: MemberSearchSteps = {
    async search(email) {
      searches.push(email);
      return found;
    },
    async assignUsername(assignment) {
      edits.push(assignment);
      return edited;
    },
  };
  return { steps, searches, edits };
}

const match = (overrides: Partial<MemberSearchMatch> = {}): MemberSearchMatch => ({
  hasUserName: false,
  clubId: "1",
  ...overrides,
});

describe("runMemberSearchFollowUp (spec §4)", () => {
  it.each<[string, Partial<MemberSearchMatch>, "hasUserName" | "noClubId"]>([
    ["the member already has a username", { hasUserName: true }, "hasUserName"],
    ["no clubId came back", { clubId: null }, "noClubId"],
    ["both: the username check comes first", { hasUserName: true, clubId: null }, "hasUserName"],
  ])("stops when %s", async (_name, overrides, reason) => {
    const { steps, edits } = recordingSteps({ ok: true, value: match(overrides) });
    const outcome = await runMemberSearchFollowUp(steps, {
      email: "v@example.com",
      memberId: "100002",
      username: "victor",
    });
    expect(outcome).toEqual({ ok: true, value: { status: "unchanged", reason, match: match(overrides) } });
    expect(edits).toEqual([]);
  });

  it.each<[string, string | undefined, string]>([
    ["the chosen username", "victor", "victor"],
    ["the e-mail when no username was chosen", undefined, "v@example.com"],
    ["the e-mail when the username is blank", "  ", "v@example.com"],
  ])(
    "otherwise edits the signed-in member (by their own id) with %s and the clubId",
    async (_name, username, expected) => {
      const { steps, searches, edits } = recordingSteps({ ok: true, value: match({ clubId: "CLUB-9" }) });
      const outcome = await runMemberSearchFollowUp(steps, {
        email: " v@example.com ",
        memberId: "100002",
        ...(username === undefined ? {} : { username }),
      });
      expect(searches).toEqual([" v@example.com "]);
      expect(edits).toEqual([{ memberId: "100002", username: expected, clubId: "CLUB-9" }]);
      expect(outcome).toEqual({
        ok: true,
        value: { status: "updated", match: match({ clubId: "CLUB-9" }), member: sampleMember },
      });
    },
  );

  it("a failed search (29, unknown e-mail) is returned and nothing is edited", async () => {
    const failure = { kind: "provider" as const, code: 29 };
    const { steps, edits } = recordingSteps({ ok: false, failure });
    expect(await runMemberSearchFollowUp(steps, { email: "nobody@example.com", memberId: "100002" })).toEqual({
      ok: false,
      failure,
    });
    expect(edits).toEqual([]);
  });

  it("a failed edit (34, username taken) is returned", async () => {
    const failure = { kind: "provider" as const, code: 34 };
    const { steps } = recordingSteps({ ok: true, value: match() }, { ok: false, failure });
    expect(
      await runMemberSearchFollowUp(steps, { email: "v@example.com", memberId: "100002", username: "taken" }),
    ).toEqual({
      ok: false,
      failure,
    });
  });
});
