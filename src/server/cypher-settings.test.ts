import { captchaDecision, cypherSettingsFrom } from "./cypher-settings";

const logger = { warn: () => undefined, error: () => undefined };

describe("captchaDecision", () => {
  it.each([
    [{ RECAPTCHA_SECRET: "s" }, { ok: true, mode: "verified" }],
    [
      { RECAPTCHA_SECRET: "s", RECAPTCHA_OFF: "true" },
      { ok: true, mode: "verified" },
    ],
    [{ RECAPTCHA_OFF: "true" }, { ok: true, mode: "off" }],
    [{ RECAPTCHA_OFF: "TRUE" }, { ok: true, mode: "off" }],
  ])("%j → %j", (env, decision) => {
    expect(captchaDecision(env)).toEqual(decision);
  });

  it.each([[{}], [{ RECAPTCHA_SECRET: "  " }], [{ RECAPTCHA_OFF: "1" }], [{ RECAPTCHA_OFF: "false" }]])(
    "refuses %j: a forgotten secret is not a decision",
    (env) => {
      expect(captchaDecision(env)).toEqual({
        ok: false,
        problem: expect.stringMatching(/RECAPTCHA_SECRET.*RECAPTCHA_OFF=true/),
      });
    },
  );

  it("makes member calls answer 503 (the hosted Function) when neither is set", () => {
    const settings = cypherSettingsFrom({ CYPHER_API_URL: "http://upstream" }, () => undefined, logger);
    expect(settings).toEqual({ ok: false, problem: expect.stringContaining("RECAPTCHA_SECRET is not set") });
    expect(
      cypherSettingsFrom({ CYPHER_API_URL: "http://upstream", RECAPTCHA_OFF: "true" }, () => undefined, logger).ok,
    ).toBe(true);
  });
});
