import { captchaDecision, cypherSettingsFrom, loyaltyBrandFrom, pageSecretsFrom } from "./cypher-settings";
import { itReturns } from "../test/tables";

const logger = { warn: () => undefined, error: () => undefined };

describe("captchaDecision", () => {
  itReturns(
    captchaDecision,
    [
      [{ RECAPTCHA_SECRET: "s" }, { ok: true, mode: "verified" }],
      [
        { RECAPTCHA_SECRET: "s", RECAPTCHA_OFF: "true" },
        { ok: true, mode: "verified" },
      ],
      [{ RECAPTCHA_OFF: "true" }, { ok: true, mode: "off" }],
      [{ RECAPTCHA_OFF: "TRUE" }, { ok: true, mode: "off" }],
    ],
    "%j → %j",
  );

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

describe("RECAPTCHA_PAGE_SECRETS", () => {
  const PAGE_KEY = "page-key-0123456789";
  const OTHER_KEY = "6LcOtherPageKey_abc-123";

  it.each<[string, string | undefined, Record<string, string>]>([
    ["unset", undefined, {}],
    ["empty", "", {}],
    ["blank", "  ", {}],
    ["one pair", `${PAGE_KEY}=page-secret`, { [PAGE_KEY]: "page-secret" }],
    [
      "two pairs, spaces and a trailing comma",
      ` ${PAGE_KEY} = page-secret , ${OTHER_KEY}=other=secret+/, `,
      { [PAGE_KEY]: "page-secret", [OTHER_KEY]: "other=secret+/" },
    ],
  ])("%s → its pairs", (_name, text, pairs) => {
    const parsed = pageSecretsFrom(text);
    expect(parsed.ok && Object.fromEntries(parsed.secrets)).toEqual(pairs);
  });

  it.each<[string, string, RegExp]>([
    ["a pair without '='", `${PAGE_KEY}=s1,the-secret-alone`, /^RECAPTCHA_PAGE_SECRETS: pair 2 is not siteKey=secret$/],
    ["a pair without a key", "=the-secret", /^RECAPTCHA_PAGE_SECRETS: pair 1 does not start with a reCAPTCHA site key/],
    [
      "a key that is not one",
      "not a key!=the-secret",
      /^RECAPTCHA_PAGE_SECRETS: pair 1 does not start with a reCAPTCHA site key/,
    ],
    ["a pair without a secret", `${PAGE_KEY}=`, /^RECAPTCHA_PAGE_SECRETS: pair 1 has no usable secret/],
    ["a secret with a space", `${PAGE_KEY}=the secret`, /^RECAPTCHA_PAGE_SECRETS: pair 1 has no usable secret/],
    [
      "the same key twice",
      `${PAGE_KEY}=the-secret,${OTHER_KEY}=s2,${PAGE_KEY}=the-secret-again`,
      /^RECAPTCHA_PAGE_SECRETS: pairs 1 and 3 give a secret for the same site key$/,
    ],
  ])("refuses %s, naming the setting and never a secret", (_name, text, problem) => {
    const parsed = pageSecretsFrom(text);
    expect(parsed).toEqual({ ok: false, problem: expect.stringMatching(problem) });
    expect(parsed.ok || parsed.problem).not.toMatch(/the-secret/);
  });

  it("stops the production server's start (captchaDecision) and answers 503 from the Function", () => {
    const env = { RECAPTCHA_SECRET: "s", RECAPTCHA_PAGE_SECRETS: `${PAGE_KEY}=` };
    expect(captchaDecision(env)).toEqual({ ok: false, problem: expect.stringMatching(/^RECAPTCHA_PAGE_SECRETS: /) });
    // Even with captcha off: a list that cannot be read is a mistake, not a choice.
    expect(captchaDecision({ RECAPTCHA_OFF: "true", RECAPTCHA_PAGE_SECRETS: "nonsense" }).ok).toBe(false);
    expect(cypherSettingsFrom({ CYPHER_API_URL: "http://upstream", ...env }, () => undefined, logger)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^RECAPTCHA_PAGE_SECRETS: /),
    });
  });

  it("reaches the proxy's captcha settings beside the deploy's secret", () => {
    const settings = cypherSettingsFrom(
      { CYPHER_API_URL: "http://upstream", RECAPTCHA_SECRET: "s", RECAPTCHA_PAGE_SECRETS: `${PAGE_KEY}=page-secret` },
      () => "www.example.com",
      logger,
    );
    expect(settings.ok && settings.deps.captcha?.secret).toBe("s");
    expect(settings.ok && Object.fromEntries(settings.deps.captcha?.pageSecrets ?? [])).toEqual({
      [PAGE_KEY]: "page-secret",
    });
    // Without a deploy secret nothing is verified, so there is nothing to pass on.
    const off = cypherSettingsFrom(
      { CYPHER_API_URL: "http://upstream", RECAPTCHA_OFF: "true", RECAPTCHA_PAGE_SECRETS: `${PAGE_KEY}=page-secret` },
      () => undefined,
      logger,
    );
    expect(off.ok && off.deps.captcha?.pageSecrets).toBeUndefined();
  });
});
