// The server's captcha check against the sandbox's reCAPTCHA stand-in (brief §3), the same pair
// `npm start` and the browser tests run: what the stand-in's api.js mints must pass verifyCaptcha
// exactly when Google's would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  createRecaptchaStandIn,
  DEFAULT_STANDIN_SECRET,
  standInToken,
  type RecaptchaStandIn,
} from "../../sandbox/recaptcha/standin";
import { verifyCaptcha } from "./captcha";

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
    siteKey: "sandbox-site-key",
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
    settings(),
    { ok: false, reason: "low_score" },
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
