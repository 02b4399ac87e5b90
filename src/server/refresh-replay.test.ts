import { createRefreshReplay, REFRESH_REPLAY_TTL_MS } from "./refresh-replay";

/** A refresh the test settles by hand, counting how often the provider was asked. */
function provider() {
  const calls: { resolve: (answer: string) => void; reject: (error: Error) => void }[] = [];
  return {
    calls,
    call: () =>
      new Promise<string>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  };
}
const issued = (answer: string) => answer.startsWith("pair");

describe("refresh replay", () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it("a refresh while the same token's refresh is under way gets that one's answer; the provider is asked once", async () => {
    const replay = createRefreshReplay({ now });
    const upstream = provider();
    const first = replay.run("v3", "r1", upstream.call, issued);
    const second = replay.run("v3", "r1", upstream.call, issued);
    expect(upstream.calls).toHaveLength(1);
    upstream.calls[0]?.resolve("pair-2");
    await expect(first).resolves.toBe("pair-2");
    await expect(second).resolves.toBe("pair-2");
  });

  it.each([
    ["just after the answer", 0, 1],
    ["within the window", REFRESH_REPLAY_TTL_MS - 1, 1],
    ["at the end of the window", REFRESH_REPLAY_TTL_MS, 2],
    ["long after", 10 * REFRESH_REPLAY_TTL_MS, 2],
  ])("a new pair is given again to the token it replaced %s", async (_when, later, asked) => {
    const replay = createRefreshReplay({ now });
    const upstream = provider();
    const first = replay.run("v3", "r1", upstream.call, issued);
    upstream.calls[0]?.resolve("pair-2");
    await first;
    clock += later;
    const again = replay.run("v3", "r1", upstream.call, issued);
    expect(upstream.calls).toHaveLength(asked);
    upstream.calls[1]?.resolve("refused");
    await expect(again).resolves.toBe(asked === 1 ? "pair-2" : "refused");
  });

  it.each([
    ["a refusal", (call: { resolve: (a: string) => void }) => call.resolve("refused")],
    ["a failure", (call: { reject: (e: Error) => void }) => call.reject(new Error("unreachable"))],
  ])("%s is not given again: the next refresh asks the provider", async (_what, settle) => {
    const replay = createRefreshReplay({ now });
    const upstream = provider();
    const first = replay.run("v3", "r1", upstream.call, issued);
    const joined = replay.run("v3", "r1", upstream.call, issued);
    const call = upstream.calls[0];
    if (call) settle(call);
    await Promise.allSettled([first, joined]);
    expect(replay.size()).toBe(0);
    const next = replay.run("v3", "r1", upstream.call, issued);
    expect(upstream.calls).toHaveLength(2);
    upstream.calls[1]?.resolve("pair-3");
    await expect(next).resolves.toBe("pair-3");
  });

  it.each([
    ["another token", "v3", "r2"],
    ["another provider or version", "v1", "r1"],
  ])("%s is its own refresh", async (_what, scope, token) => {
    const replay = createRefreshReplay({ now });
    const upstream = provider();
    void replay.run("v3", "r1", upstream.call, issued);
    void replay.run(scope, token, upstream.call, issued);
    expect(upstream.calls).toHaveLength(2);
  });

  it("remembers at most maxEntries tokens, the oldest forgotten first", async () => {
    const replay = createRefreshReplay({ now, maxEntries: 2 });
    const upstream = provider();
    for (const token of ["r1", "r2", "r3"]) {
      const answer = replay.run("v3", token, upstream.call, issued);
      upstream.calls.at(-1)?.resolve(`pair-for-${token}`);
      await answer;
    }
    expect(replay.size()).toBe(2);
    void replay.run("v3", "r1", upstream.call, issued);
    expect(upstream.calls).toHaveLength(4);
    void replay.run("v3", "r3", upstream.call, issued);
    expect(upstream.calls).toHaveLength(4);
  });

  it("forgets answers whose window has passed, even for tokens never sent again", async () => {
    const replay = createRefreshReplay({ now });
    const upstream = provider();
    const first = replay.run("v3", "r1", upstream.call, issued);
    upstream.calls[0]?.resolve("pair-2");
    await first;
    expect(replay.size()).toBe(1);
    clock += REFRESH_REPLAY_TTL_MS + 1;
    void replay.run("v3", "other", upstream.call, issued);
    expect(replay.size()).toBe(1);
  });
});
