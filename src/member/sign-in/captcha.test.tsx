// The captcha provider with a deploy key and a stand-in script URL (brief §3): it loads the
// script, hands out tokens once it has loaded, and when the script never loads the call simply
// goes without a token.
import { act, render, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";

import { fakeFetch, rawDetails, v3Config } from "../../test/loyalty-fakes";
import { createLoyaltyClient } from "../provider/client";
import { CaptchaProvider, forgetCaptchaKeyInUse, useCaptchaToken } from "./captcha";
import { forgetPageKeyTokens, pageKeyOfToken } from "../captcha-token-key";

const savedEnv = { ...process.env };
function deploy(env: Record<string, string>): void {
  Object.assign(process.env, env);
}
afterEach(() => {
  process.env = { ...savedEnv };
});

let getToken: ((action: "login") => Promise<string | undefined>) | undefined;
function Probe(): ReactElement {
  getToken = useCaptchaToken();
  return <p>page</p>;
}

const scriptElement = () => document.getElementById("google-recaptcha-v3") as HTMLScriptElement | null;

beforeEach(() => {
  getToken = undefined;
  forgetCaptchaKeyInUse();
  forgetPageKeyTokens();
  scriptElement()?.remove();
  delete (window as { grecaptcha?: unknown }).grecaptcha;
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it("loads the stand-in script with the page's key and answers tokens from it", async () => {
  deploy({
    GATSBY_RECAPTCHA_SITE_KEY: "deploy-key-123",
    GATSBY_RECAPTCHA_SCRIPT_URL: "http://127.0.0.1:9411/__recaptcha/api.js",
  });
  render(
    <CaptchaProvider pageKey="page-key-456">
      <Probe />
    </CaptchaProvider>,
  );
  await waitFor(() =>
    expect(scriptElement()?.src).toBe("http://127.0.0.1:9411/__recaptcha/api.js?render=page-key-456"),
  );
  const execute = jest.fn(async (key: string, options: { action: string }) => `token-for-${key}-${options.action}`);
  (window as { grecaptcha?: unknown }).grecaptcha = { ready: (cb: () => void) => cb(), execute, render: () => 0 };
  await act(async () => {
    scriptElement()?.dispatchEvent(new Event("load"));
  });
  await waitFor(async () => expect(await getToken?.("login")).toBe("token-for-page-key-456-login"));
});

it("a sign-in sent while the script is still loading waits for it and carries a token", async () => {
  deploy({
    GATSBY_RECAPTCHA_SITE_KEY: "deploy-key-123",
    GATSBY_RECAPTCHA_SCRIPT_URL: "http://127.0.0.1:9411/__recaptcha/api.js",
  });
  render(
    <CaptchaProvider>
      <Probe />
    </CaptchaProvider>,
  );
  await waitFor(() => expect(scriptElement()?.src).toContain("render=deploy-key-123"));
  // Submitted before the script has loaded: without the wait this went out with no token, and a
  // server that verifies tokens refused the sign-in (403).
  const pending = getToken?.("login");
  const execute = jest.fn(async (key: string, options: { action: string }) => `token-for-${key}-${options.action}`);
  (window as { grecaptcha?: unknown }).grecaptcha = { ready: (cb: () => void) => cb(), execute, render: () => 0 };
  await act(async () => {
    scriptElement()?.dispatchEvent(new Event("load"));
  });
  await expect(pending).resolves.toBe("token-for-deploy-key-123-login");
});

it("a script that never loads: the call goes without a token, at once and without an error", async () => {
  deploy({
    GATSBY_RECAPTCHA_SITE_KEY: "deploy-key-123",
    GATSBY_RECAPTCHA_SCRIPT_URL: "http://127.0.0.1:9411/__recaptcha/api.js",
  });
  const errors = jest.spyOn(console, "error");
  render(
    <CaptchaProvider>
      <Probe />
    </CaptchaProvider>,
  );
  await waitFor(() => expect(scriptElement()?.src).toContain("render=deploy-key-123"));
  await act(async () => {
    scriptElement()?.dispatchEvent(new Event("error"));
  });
  await expect(getToken?.("login")).resolves.toBeUndefined();
  expect(errors).not.toHaveBeenCalled();
});

it("without any key there is no script and no token", async () => {
  deploy({ GATSBY_RECAPTCHA_SITE_KEY: "", GATSBY_RECAPTCHA_SCRIPT_URL: "" });
  render(
    <CaptchaProvider>
      <Probe />
    </CaptchaProvider>,
  );
  await expect(getToken?.("login")).resolves.toBeUndefined();
  expect(scriptElement()).toBeNull();
});

// Spec §5: a token minted with a page's own key is verified with that key's secret, so the sign-in
// names the key (reqMetadata.captchaSiteKey); with the deploy's key the envelope is as it always was.
it.each([
  ["a page's own key", "page-key-456", { captchaSiteKey: "page-key-456" }],
  ["the deploy's key", undefined, {}],
  ["a page key equal to the deploy's", "deploy-key-123", {}],
])("a sign-in with a token from %s", async (_what, pageKey, keyField) => {
  deploy({
    GATSBY_RECAPTCHA_SITE_KEY: "deploy-key-123",
    GATSBY_RECAPTCHA_SCRIPT_URL: "http://127.0.0.1:9411/__recaptcha/api.js",
  });
  render(
    <CaptchaProvider pageKey={pageKey}>
      <Probe />
    </CaptchaProvider>,
  );
  const key = pageKey ?? "deploy-key-123";
  await waitFor(() => expect(scriptElement()?.src).toContain(`render=${key}`));
  const execute = jest.fn(async (siteKey: string, options: { action: string }) => `token-${siteKey}-${options.action}`);
  (window as { grecaptcha?: unknown }).grecaptcha = { ready: (cb: () => void) => cb(), execute, render: () => 0 };
  await act(async () => {
    scriptElement()?.dispatchEvent(new Event("load"));
  });
  const token = await getToken?.("login");
  expect(token).toBe(`token-${key}-login`);
  expect(pageKeyOfToken(token ?? "")).toBe(pageKey === "page-key-456" ? pageKey : undefined);

  const { fetchImpl, calls } = fakeFetch({
    "/Member/v3/Login": {
      json: { peachCode: 0, memberDetails: rawDetails(), sessionManagementTokens: { token: "t" } },
    },
  });
  await createLoyaltyClient({ config: v3Config, brand: "Cypher", fetchImpl }).login(
    { username: "a", password: "b" },
    token,
  );
  expect(calls[0]?.body.reqMetadata).toEqual({
    method: "POST",
    route: expect.any(String),
    responseFormat: "json",
    "g-recaptcha-response": `token-${key}-login`,
    ...keyField,
  });
});
