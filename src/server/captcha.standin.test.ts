// The server's captcha check against the sandbox's reCAPTCHA stand-in (brief §3), the same pair
// `npm start` and the browser tests run: what the stand-in's api.js mints must pass verifyCaptcha
// exactly when Google's would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  createRecaptchaStandIn,
  DEFAULT_STANDIN_SECRET,
  DEFAULT_STANDIN_SITE_KEY,
  standInSecretFor,
  standInToken,
  type RecaptchaStandIn,
} from "../../sandbox/recaptcha/standin";
import { verifyCaptcha } from "./captcha";
import { handleCypherRequest } from "./cypher-proxy";
import { cypherSettingsFrom } from "./cypher-settings";
import { buildRoute } from "../member/provider/routes";

let standIn: RecaptchaStandIn;
let server: http.Server;
let verifyUrl: string;
const clock = new Date("2026-11-22T10:00:00Z");

beforeAll(async () => {
  standIn = createRecaptchaStandIn({ now: () => clock });
  server = http.createServer((req, res) => {
    void standIn.handle(req, res, new URL(req.url ?? "/", "http://standin")).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__recaptcha/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let nonce = 0;
const token = (overrides: Partial<Parameters<typeof standInToken>[0]> = {}) =>
  standInToken({
    siteKey: DEFAULT_STANDIN_SITE_KEY,
    action: "login",
    hostname: "localhost",
    at: clock,
    nonce: `n${(nonce += 1)}`,
    ...overrides,
  });
// Built when a test runs: the stand-in's URL is known only after beforeAll.
const settings =
  (extra: Partial<Parameters<typeof verifyCaptcha>[1]> = {}) =>
  () => ({ secret: DEFAULT_STANDIN_SECRET, verifyUrl, expectedHostname: "localhost", ...extra });

it.each([
  ["a fresh token for the expected action and host", () => token(), settings(), { ok: true, score: 0.9 }],
  [
    "a token minted for another action",
    () => token({ action: "giftcard_balance" }),
    settings(),
    { ok: false, reason: "wrong_action" },
  ],
  [
    "a token minted on another host",
    () => token({ hostname: "evil.example" }),
    settings(),
    { ok: false, reason: "wrong_hostname" },
  ],
  [
    "a site key that scores like a bot",
    () => token({ siteKey: "sandbox-lowscore-key" }),
    settings({ secret: standInSecretFor("sandbox-lowscore-key") }),
    { ok: false, reason: "low_score" },
  ],
  // Spec §5: a page may bring its own key, and each key has its own secret (RECAPTCHA_PAGE_SECRETS).
  [
    "a page key's token with that key's secret",
    () => token({ siteKey: "page-key-0123456789" }),
    settings({ secret: standInSecretFor("page-key-0123456789") }),
    { ok: true, score: 0.9 },
  ],
  [
    "a page key's token with the deploy's secret",
    () => token({ siteKey: "page-key-0123456789" }),
    settings(),
    { ok: false, reason: "not_success" },
  ],
  [
    "the deploy key's token with a page key's secret",
    () => token(),
    settings({ secret: standInSecretFor("page-key-0123456789") }),
    { ok: false, reason: "not_success" },
  ],
  ["the wrong secret", () => token(), settings({ secret: "not-the-secret" }), { ok: false, reason: "not_success" }],
  [
    "a token older than two minutes",
    () => token({ at: new Date(clock.getTime() - 121_000) }),
    settings(),
    { ok: false, reason: "not_success" },
  ],
  [
    "something that is not a stand-in token",
    () => "03AFcWeA-real-looking",
    settings(),
    { ok: false, reason: "not_success" },
  ],
])("%s", async (_name, makeToken, given, expected) => {
  await expect(verifyCaptcha({ token: makeToken(), expectedAction: "login" }, given())).resolves.toMatchObject(
    expected,
  );
});

it("a token verifies once (Google's timeout-or-duplicate)", async () => {
  const once = token();
  await expect(verifyCaptcha({ token: once, expectedAction: "login" }, settings()())).resolves.toMatchObject({
    ok: true,
  });
  await expect(verifyCaptcha({ token: once, expectedAction: "login" }, settings()())).resolves.toMatchObject({
    ok: false,
    reason: "not_success",
  });
  expect(standIn.verifications.at(-1)).toMatchObject({
    success: false,
    errorCodes: ["timeout-or-duplicate"],
    action: "login",
    hostname: "localhost",
  });
});

it("RECAPTCHA_HOSTNAME may list several hosts (localhost and 127.0.0.1 under npm start)", async () => {
  const hosts = ["localhost", "127.0.0.1"];
  await expect(
    verifyCaptcha(
      { token: token({ hostname: "127.0.0.1" }), expectedAction: "login" },
      settings({ expectedHostname: hosts })(),
    ),
  ).resolves.toMatchObject({ ok: true });
  await expect(
    verifyCaptcha(
      { token: token({ hostname: "0.0.0.0" }), expectedAction: "login" },
      settings({ expectedHostname: hosts })(),
    ),
  ).resolves.toMatchObject({ ok: false, reason: "wrong_hostname" });
});

it("says why another key's secret fails (Google's invalid-input-secret)", async () => {
  await verifyCaptcha({ token: token({ siteKey: "page-key-0123456789" }), expectedAction: "login" }, settings()());
  expect(standIn.verifications.at(-1)).toMatchObject({
    success: false,
    siteKey: "page-key-0123456789",
    errorCodes: ["invalid-input-secret"],
  });
});

// The whole chain a sign-in on a page with its own key takes: deploy settings → proxy → stand-in.
describe("a sign-in through the proxy, the stand-in verifying", () => {
  const PAGE_KEY = "page-key-0123456789";
  const LOGIN = buildRoute("login", 3, { query: { circuitId: "LUM01" } }, "Cypher");
  const quiet = { warn: () => undefined, error: () => undefined };
  // siteverify is the stand-in; the provider answers every sign-in.
  const fetchImpl: typeof fetch = (input, init) =>
    String(input) === verifyUrl
      ? fetch(input, init)
      : Promise.resolve(
          new Response(JSON.stringify({ peachCode: 0 }), { headers: { "content-type": "application/json" } }),
        );
  const signIn = async (env: Record<string, string>, meta: Record<string, string>) => {
    const settings = cypherSettingsFrom(
      {
        CYPHER_API_URL: "http://provider.test",
        RECAPTCHA_SECRET: DEFAULT_STANDIN_SECRET,
        RECAPTCHA_VERIFY_URL: verifyUrl,
        ...env,
      },
      () => "localhost",
      quiet,
    );
    if (!settings.ok) throw new Error(settings.problem);
    const answer = await handleCypherRequest(
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: { username: "u", password: "p", reqMetadata: { method: "POST", route: LOGIN, ...meta } },
      },
      { ...settings.deps, fetchImpl },
    );
    return answer.status;
  };
  const pageSecrets = { RECAPTCHA_PAGE_SECRETS: `${PAGE_KEY}=${standInSecretFor(PAGE_KEY)}` };

  it.each<[string, number, Record<string, string>, () => Record<string, string>]>([
    ["the deploy key's token", 200, {}, () => ({ "g-recaptcha-response": token() })],
    ["the deploy key's token, page secrets set", 200, pageSecrets, () => ({ "g-recaptcha-response": token() })],
    [
      "a page key's token, named, with its secret set",
      200,
      pageSecrets,
      () => ({ "g-recaptcha-response": token({ siteKey: PAGE_KEY }), captchaSiteKey: PAGE_KEY }),
    ],
    [
      "a page key's token, named, without its secret",
      403,
      {},
      () => ({ "g-recaptcha-response": token({ siteKey: PAGE_KEY }), captchaSiteKey: PAGE_KEY }),
    ],
    // What every such sign-in did before: verified with the deploy's secret, which is not its key's.
    [
      "a page key's token, not named",
      403,
      pageSecrets,
      () => ({ "g-recaptcha-response": token({ siteKey: PAGE_KEY }) }),
    ],
  ])("%s → HTTP %d", async (_what, status, env, meta) => {
    await expect(signIn(env, meta())).resolves.toBe(status);
  });
});
