import { DEFAULT_RECAPTCHA_VERIFY_URL, verifyCaptcha, type CaptchaCheck, type CaptchaSettings } from "./captcha";

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch that answers like siteverify and remembers what it was sent. */
function siteverify(answer: (call: Call) => Response | Promise<Response>): { fetchImpl: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const call = { url: input instanceof Request ? input.url : String(input), init };
    calls.push(call);
    return answer(call);
  };
  return { fetchImpl, calls };
}

const jsonAnswer =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const good = {
  success: true,
  score: 0.9,
  action: "login",
  hostname: "www.cinema-lumiere.fr",
  challenge_ts: "2025-01-01T00:00:00Z",
};
const check: CaptchaCheck = { token: "token-from-the-browser", expectedAction: "login", remoteIp: "203.0.113.7" };
const settings = (fetchImpl: typeof fetch, extra: Partial<CaptchaSettings> = {}): CaptchaSettings => ({
  secret: "server-secret",
  expectedHostname: "www.cinema-lumiere.fr",
  fetchImpl,
  ...extra,
});

describe("verifyCaptcha", () => {
  it("accepts a fresh token for the right action, host and score", async () => {
    const { fetchImpl } = siteverify(jsonAnswer(good));
    await expect(verifyCaptcha(check, settings(fetchImpl))).resolves.toEqual({ ok: true, score: 0.9 });
  });

  it("posts secret, response and remoteip as a form to the verify URL", async () => {
    const { fetchImpl, calls } = siteverify(jsonAnswer(good));
    await verifyCaptcha(check, settings(fetchImpl));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(DEFAULT_RECAPTCHA_VERIFY_URL);
    expect(calls[0]?.init?.method).toBe("POST");
    const form = new URLSearchParams(String(calls[0]?.init?.body));
    expect(Object.fromEntries(form)).toEqual({
      secret: "server-secret",
      response: "token-from-the-browser",
      remoteip: "203.0.113.7",
    });
  });

  it("uses the configured verify URL (RECAPTCHA_VERIFY_URL)", async () => {
    const { fetchImpl, calls } = siteverify(jsonAnswer(good));
    await verifyCaptcha(check, settings(fetchImpl, { verifyUrl: "http://127.0.0.1:9/siteverify" }));
    expect(calls[0]?.url).toBe("http://127.0.0.1:9/siteverify");
  });

  it("compares the hostname without regard to case", async () => {
    const { fetchImpl } = siteverify(jsonAnswer({ ...good, hostname: "WWW.Cinema-Lumiere.FR" }));
    await expect(verifyCaptcha(check, settings(fetchImpl))).resolves.toMatchObject({ ok: true });
  });

  it("skips the hostname check without an expected hostname", async () => {
    const { fetchImpl } = siteverify(jsonAnswer({ ...good, hostname: "localhost" }));
    await expect(verifyCaptcha(check, settings(fetchImpl, { expectedHostname: undefined }))).resolves.toMatchObject({
      ok: true,
    });
  });

  it("honours a custom minimum score", async () => {
    const { fetchImpl } = siteverify(jsonAnswer({ ...good, score: 0.3 }));
    await expect(verifyCaptcha(check, settings(fetchImpl, { minScore: 0.2 }))).resolves.toMatchObject({
      ok: true,
      score: 0.3,
    });
  });

  it.each<[string, CaptchaCheck, () => Response | Promise<Response>, string]>([
    ["no token", { ...check, token: undefined }, jsonAnswer(good), "missing_token"],
    ["a blank token", { ...check, token: "  " }, jsonAnswer(good), "missing_token"],
    ["an absurdly long token", { ...check, token: "x".repeat(5000) }, jsonAnswer(good), "missing_token"],
    ["a refused token", check, jsonAnswer({ success: false, "error-codes": ["timeout-or-duplicate"] }), "not_success"],
    ["another action", check, jsonAnswer({ ...good, action: "giftcard_balance" }), "wrong_action"],
    ["no action (a v2 token)", check, jsonAnswer({ success: true, hostname: good.hostname }), "wrong_action"],
    ["a score below 0.5", check, jsonAnswer({ ...good, score: 0.4 }), "low_score"],
    ["no score", check, jsonAnswer({ success: true, action: "login", hostname: good.hostname }), "low_score"],
    ["another site's token", check, jsonAnswer({ ...good, hostname: "evil.example" }), "wrong_hostname"],
    ["siteverify failing", check, jsonAnswer({ message: "oops" }, 500), "unreachable"],
    ["siteverify answering HTML", check, () => new Response("<html>", { status: 200 }), "bad_response"],
    ["siteverify answering another shape", check, jsonAnswer({ ok: "yes" }), "bad_response"],
    ["siteverify unreachable", check, () => Promise.reject(new TypeError("fetch failed")), "unreachable"],
  ])("refuses %s", async (_what, input, answer, reason) => {
    const { fetchImpl, calls } = siteverify(answer);
    const result = await verifyCaptcha(input, settings(fetchImpl));
    expect(result).toMatchObject({ ok: false, reason });
    if (reason === "missing_token") expect(calls).toHaveLength(0);
  });

  it("gives up after its timeout", async () => {
    const { fetchImpl } = siteverify(
      ({ init }) =>
        new Promise<Response>((_resolve, rejectWith) => {
          init?.signal?.addEventListener("abort", () => rejectWith(new DOMException("aborted", "AbortError")));
        }),
    );
    const started = Date.now();
    await expect(verifyCaptcha(check, settings(fetchImpl, { timeoutMs: 50 }))).resolves.toMatchObject({
      ok: false,
      reason: "unreachable",
      detail: "siteverify timed out",
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
