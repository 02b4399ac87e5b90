import type { LoyaltyClient, LoyaltyResult } from "../client";
import { member } from "../../test/loyalty-fakes";
import { createTokenHandover, withTokenHandover } from "./token-handover";
import type { MemberSession } from "./types";

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
