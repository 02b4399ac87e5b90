import { captchaDecision, cypherSettingsFrom, loyaltyBrandFrom } from "./cypher-settings";

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

describe("LOYALTY_BRAND", () => {
  const env = { CYPHER_API_URL: "http://upstream", RECAPTCHA_OFF: "true" };

  it.each([
    [undefined, "Cypher"],
    ["", "Cypher"],
    [" Boost ", "Boost"],
  ])("%j gives the brand %s", (value, brand) => {
    const settings = cypherSettingsFrom({ ...env, LOYALTY_BRAND: value }, () => undefined, logger);
    expect(settings.ok && settings.deps.brand).toBe(brand);
    expect(loyaltyBrandFrom(value)).toEqual({ ok: true, brand });
  });

  // The hosted Function has no start to stop: member calls answer 503, and its log says why.
  it.each(["My Brand", "Cypher-Club", "9lives"])("refuses %j, naming the setting and the value", (value) => {
    expect(cypherSettingsFrom({ ...env, LOYALTY_BRAND: value }, () => undefined, logger)).toEqual({
      ok: false,
      problem: expect.stringMatching(new RegExp(`^LOYALTY_BRAND: "${value}" is not a brand name \\(`)),
    });
  });
});
