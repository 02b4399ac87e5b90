import type { LoyaltyClient, LoyaltyResult } from "../provider/client";
import { member } from "../../test/loyalty-fakes";
import { createTokenHandover, withTokenHandover } from "./token-handover";
import type { MemberSession } from "../types";

const session = (token: string): MemberSession => ({
  token,
  refreshable: true,
  cypherVersion: 3,
  member,
});

type Sent = { name: string; session: string | null | undefined };

/** A client whose provider accepts only the tokens in `live`. */
function fakeClient(live: Set<string>): { client: LoyaltyClient; sent: Sent[] } {
  const sent: Sent[] = [];
  const call = (async (name: string, options?: { session?: string | null }) => {
    sent.push({ name, session: options?.session });
    const ok = !options?.session || live.has(options.session);
    const result: LoyaltyResult<unknown> = ok
      ? { ok: true, value: { peachCode: 0 } }
      : { ok: false, failure: { kind: "provider", code: 7 } };
    return result;
  }) as unknown as LoyaltyClient["call"];
  return { client: { call } as unknown as LoyaltyClient, sent };
}

it("a call made while a refresh runs waits for it and carries the new token", async () => {
  const live = new Set(["old"]);
  const { client, sent } = fakeClient(live);
  const handover = createTokenHandover();
  let finish!: () => void;
  const refresh = handover.track(new Promise<void>((resolve) => (finish = resolve)));
  const answer = withTokenHandover(client, handover).call("getCards", { session: "old" });
  expect(sent).toEqual([]);
  live.delete("old");
  live.add("new");
  handover.replaced("old", session("new"));
  finish();
  await refresh;
  await expect(answer).resolves.toMatchObject({ ok: true });
  expect(sent).toEqual([{ name: "getCards", session: "new" }]);
});

it("a call the refresh overtook (refused with code 7) is retried once with the new token", async () => {
  const live = new Set(["new"]);
  const { client, sent } = fakeClient(live);
  const handover = createTokenHandover();
  // The token was replaced after the screen read it but the call was already on its way.
  const realCall = client.call;
  (client as { call: LoyaltyClient["call"] }).call = (async (...args: Parameters<LoyaltyClient["call"]>) => {
    handover.replaced("old", session("new"));
    (client as { call: LoyaltyClient["call"] }).call = realCall;
    return realCall(...args);
  }) as LoyaltyClient["call"];
  await expect(withTokenHandover(client, handover).call("getCards", { session: "old" })).resolves.toMatchObject({
    ok: true,
  });
  expect(sent.map((s) => s.session)).toEqual(["old", "new"]);
});

it("a token nobody replaced is refused as it is, without a retry", async () => {
  const { client, sent } = fakeClient(new Set());
  const result = await withTokenHandover(client, createTokenHandover()).call("getCards", { session: "revoked" });
  expect(result).toEqual({ ok: false, failure: { kind: "provider", code: 7 } });
  expect(sent).toHaveLength(1);
});

it("follows a chain of refreshes to the newest token; calls without a session pass straight through", async () => {
  const handover = createTokenHandover();
  handover.replaced("t1", session("t2"));
  handover.replaced("t2", session("t3"));
  expect(handover.latest("t1")).toBe("t3");
  expect(handover.latest("t3")).toBe("t3");
  // A provider mounted before the refresh answered refreshes with the newest pair, not its own.
  expect(handover.sessionAfter("t1")?.token).toBe("t3");
  expect(handover.sessionAfter("t3")).toBeNull();
  const { client, sent } = fakeClient(new Set());
  await withTokenHandover(client, handover).call("giftCardBalance", { payload: { cardNumber: "X" } });
  expect(sent).toEqual([{ name: "giftCardBalance", session: undefined }]);
});

it("a failed refresh also settles", async () => {
  const handover = createTokenHandover();
  await expect(handover.track(Promise.reject(new Error("down"))).catch(() => "caught")).resolves.toBe("caught");
  await expect(handover.settled()).resolves.toBeUndefined();
});

describe("single-flight refresh (ledger.refresh)", () => {
  const renewed = (token: string): LoyaltyResult<MemberSession> => ({ ok: true, value: session(token) });

  it("a second refresh asked for while one runs joins it: the provider rotates once", async () => {
    const handover = createTokenHandover();
    let finish!: (result: LoyaltyResult<MemberSession>) => void;
    const start = jest.fn(() => new Promise<LoyaltyResult<MemberSession>>((resolve) => (finish = resolve)));
    const first = handover.refresh("old", start);
    const second = handover.refresh("old", start);
    finish(renewed("new"));
    await expect(Promise.all([first, second])).resolves.toEqual([renewed("new"), renewed("new")]);
    expect(start).toHaveBeenCalledTimes(1);
    // Once it has ended, the next refresh is a new one.
    await handover.refresh("new", async () => renewed("newer"));
    expect(handover.latest("old")).toBe("newer");
  });

  it("a call waiting for the refresh resumes only once the new token is recorded", async () => {
    const live = new Set(["old"]);
    const { client, sent } = fakeClient(live);
    const handover = createTokenHandover();
    let finish!: (result: LoyaltyResult<MemberSession>) => void;
    const refresh = handover.refresh("old", () => new Promise((resolve) => (finish = resolve)));
    const answer = withTokenHandover(client, handover).call("getFavoriteFilms", { session: "old" });
    live.clear();
    live.add("new");
    finish(renewed("new"));
    await refresh;
    await expect(answer).resolves.toMatchObject({ ok: true });
    expect(sent).toEqual([{ name: "getFavoriteFilms", session: "new" }]);
  });

  it("a failed refresh records nothing and ends, so the next one starts", async () => {
    const handover = createTokenHandover();
    await handover.refresh("old", async () => ({ ok: false, failure: { kind: "network" } }));
    expect(handover.latest("old")).toBe("old");
    expect(handover.refreshFailedFrom("old")).toBe(true);
    expect(handover.refreshFailedFrom("other")).toBe(false);
    const start = jest.fn(async () => renewed("new"));
    await handover.refresh("old", start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe("a refused token renews the session once (renew)", () => {
  /** A provider that accepts only `live`; a refresh (renew) rotates to a new token, once per call of renew. */
  function setupRenewal(options: { refreshWorks: boolean; acceptsNewToken: boolean }) {
    const live = new Set<string>();
    const { client, sent } = fakeClient(live);
    const handover = createTokenHandover();
    let rotations = 0;
    const renew = jest.fn(async (refused: string) => {
      await handover.refresh(refused, async () => {
        rotations += 1;
        if (!options.refreshWorks) return { ok: false, failure: { kind: "provider", code: 7 } };
        const next = `new-${rotations}`;
        if (options.acceptsNewToken) live.add(next);
        return { ok: true, value: session(next) };
      });
    });
    return { member: withTokenHandover(client, handover, renew), sent, renew, rotations: () => rotations };
  }

  it.each([
    {
      case: "the token died before the page started (a refresh answered as the last page was left)",
      refreshWorks: true,
      acceptsNewToken: true,
      answer: { ok: true },
      sessions: ["dead", "new-1"],
    },
    {
      case: "the provider refuses the new token too: its answer is final, no second refresh",
      refreshWorks: true,
      acceptsNewToken: false,
      answer: { ok: false, failure: { kind: "provider", code: 7 } },
      sessions: ["dead", "new-1"],
    },
    {
      case: "the refresh fails (the session ends): the refusal is answered, nothing sent again",
      refreshWorks: false,
      acceptsNewToken: false,
      answer: { ok: false, failure: { kind: "provider", code: 7 } },
      sessions: ["dead"],
    },
  ])("$case", async ({ refreshWorks, acceptsNewToken, answer, sessions }) => {
    const { member, sent, renew, rotations } = setupRenewal({ refreshWorks, acceptsNewToken });
    await expect(member.call("getFavoriteFilms", { session: "dead" })).resolves.toEqual(
      answer.ok ? expect.objectContaining(answer) : answer,
    );
    expect(sent.map((s) => s.session)).toEqual(sessions);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(rotations()).toBe(1);
  });

  it("several calls refused at once share one refresh, and each is sent again once", async () => {
    const { member, sent, rotations } = setupRenewal({ refreshWorks: true, acceptsNewToken: true });
    const answers = await Promise.all([
      member.call("getFavoriteFilms", { session: "dead" }),
      member.call("getFavoriteCinemas", { session: "dead" }),
      member.call("getCards", { session: "dead" }),
    ]);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(rotations()).toBe(1);
    expect(sent.filter((s) => s.session === "dead")).toHaveLength(3);
    expect(sent.filter((s) => s.session === "new-1")).toHaveLength(3);
  });

  it.each([
    { label: "provider 7 (v3 Invalid token)", failure: { kind: "provider", code: 7 }, renewed: true },
    // Version 1's refresh answers 401 when it fails; a member call's refused token is 7 there too.
    { label: "provider 401", failure: { kind: "provider", code: 401 }, renewed: false },
    { label: "provider 72", failure: { kind: "provider", code: 72 }, renewed: false },
    { label: "proxy upstream_timeout", failure: { kind: "proxy", code: "upstream_timeout" }, renewed: false },
    { label: "network", failure: { kind: "network" }, renewed: false },
  ] as const)("a $label failure renews the session and is sent again: $renewed", async ({ failure, renewed }) => {
    const sent: string[] = [];
    const call = (async (_name: string, options?: { session?: string | null }) => {
      sent.push(options?.session ?? "");
      return options?.session === "new" ? { ok: true, value: {} } : { ok: false, failure };
    }) as unknown as LoyaltyClient["call"];
    const handover = createTokenHandover();
    const renew = jest.fn(async (refused: string) => {
      await handover.refresh(refused, async () => ({ ok: true, value: session("new") }));
    });
    const result = await withTokenHandover({ call } as unknown as LoyaltyClient, handover, renew).call("getCards", {
      session: "old",
    });
    expect(result.ok).toBe(renewed);
    expect(renew).toHaveBeenCalledTimes(renewed ? 1 : 0);
    expect(sent).toEqual(renewed ? ["old", "new"] : ["old"]);
  });

  it("a call refused while a refresh runs waits for that refresh instead of asking for another", async () => {
    const live = new Set(["new"]);
    const { client, sent } = fakeClient(live);
    const handover = createTokenHandover();
    const renew = jest.fn(async () => undefined);
    let finish!: (result: LoyaltyResult<MemberSession>) => void;
    // The refresh starts after the call went out with the old token and rotates it at the provider.
    const realCall = client.call;
    (client as { call: LoyaltyClient["call"] }).call = (async (...args: Parameters<LoyaltyClient["call"]>) => {
      void handover.refresh("old", () => new Promise((resolve) => (finish = resolve)));
      (client as { call: LoyaltyClient["call"] }).call = realCall;
      const answer = await realCall(...args);
      finish({ ok: true, value: session("new") });
      return answer;
    }) as LoyaltyClient["call"];
    await expect(
      withTokenHandover(client, handover, renew).call("getCards", { session: "old" }),
    ).resolves.toMatchObject({ ok: true });
    expect(sent.map((s) => s.session)).toEqual(["old", "new"]);
    expect(renew).not.toHaveBeenCalled();
  });
});
