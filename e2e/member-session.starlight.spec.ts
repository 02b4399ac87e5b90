import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations } from "./fixtures/axe";
import { DEMO_PASSWORD } from "./fixtures/members";
import type { SitePage } from "./fixtures/pages";
import { expectFocusRing, expectSecondaryButton } from "./fixtures/styles";
import { SANDBOX_URL } from "./variants";

/**
 * Opens the home page's sign-in dialog once hydrated and fills it in; answers the dialog. It waits
 * for the page's HTML, not its load event: a script a test holds back (the captcha's) holds that
 * event too when it is inserted before the page's last async script has come (the consent
 * manager's GPP module, on this US site).
 */
async function fillSignIn(page: Page, site: SitePage, password = DEMO_PASSWORD) {
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await site.hydrated();
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("E-mail address").fill("active.v1@example.com");
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  return dialog;
}

// The US circuit (loyalty v1, provider NONE: token parameter "token").
test.describe("member session on the US site (v1)", () => {
  test("sign in from the header, then the ?return= hand-off shows the overlay and navigates with the token", async ({
    page,
    site,
  }) => {
    await page.goto("/");
    // The access button only opens the dialog once React has hydrated the page.
    await site.hydrated();
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.locator("#modal-root").getByRole("dialog", { name: "Sign in" });
    await dialog.getByLabel("E-mail address").fill("active.v1@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(header.getByRole("button", { name: "My Starlight" })).toBeVisible();

    await page.goto("/?return=/startticketing/SL001");
    const overlay = page.getByRole("dialog", { name: "Taking you to ticketing" });
    await expect(overlay.getByText("You will be redirected in a few seconds...")).toBeVisible();
    await expect(overlay.getByRole("link", { name: "Click here if it does not work" })).toHaveAttribute(
      "href",
      /\/ticketing\/startticketing\/SL001\?token=[A-Za-z0-9_-]+$/,
    );
    // Navigation happens by itself after 5 seconds.
    await expect(page.getByRole("heading", { name: "Sandbox ticketing" })).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('[data-field="method"]')).toHaveText("GET");
    await expect(page.locator('[data-field="member"]')).toHaveText("active.v1@example.com (query parameter token)");
  });

  test("the sign-in dialog offers the forgotten-password screen and Starlight Rewards' sign-up tab", async ({
    page,
    site,
  }) => {
    await page.goto("/");
    await site.hydrated();
    await site.header.getByRole("button", { name: "Sign in" }).click();
    const dialog = site.modalRoot.getByRole("dialog", { name: "Sign in" });
    await expect(dialog.getByRole("link", { name: "Forgot your password or username?" })).toHaveAttribute(
      "href",
      "/account/forgot-password/",
    );
    // The operator's sign-up texts: guestSignupTabButton names it, guestSignupTabText's "|" items list it.
    const offer = dialog.getByRole("region", { name: "Join Starlight Rewards" });
    await expect(offer.getByRole("listitem")).toHaveText([
      "Earn points on every ticket",
      "Trade points for popcorn, drinks and tickets",
      "Collect your rewards at the counter",
    ]);
    await offer.getByRole("link", { name: "Sign up" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/sign-in\/#sign-up$/);
    const signUpTab = site.main.getByRole("tab", { name: "Join Starlight Rewards" });
    await expect(signUpTab).toHaveAttribute("aria-selected", "true");
    await expect(signUpTab).toBeFocused();
    await expect(site.main.getByRole("heading", { level: 2, name: "Create your account" })).toBeVisible();
  });

  test("signed in, the login page's sign-out is a site button, readable on the dark theme", async ({ page, site }) => {
    await page.goto("/sign-in/");
    await site.hydrated();
    await site.main.getByLabel("E-mail address").fill("active.v1@example.com");
    await site.main.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await site.main.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/$/);
    await page.goto("/sign-in/");
    await site.hydrated();
    await expect(site.main.getByRole("status")).toHaveText(/^You are signed in as /);
    const signOut = site.main.getByRole("button", { name: "Sign out" });
    await expectSecondaryButton(signOut);
    await site.main.getByRole("link", { name: "My account" }).focus();
    await page.keyboard.press("Tab");
    await expectFocusRing(signOut);
    await page.keyboard.press("Enter");
    await expect(site.header.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a wrong password shows the English message with its code", async ({ page, site }) => {
    const dialog = await fillSignIn(page, site, "wrong-password");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Incorrect password (Code: 31)");
  });

  test("the watchlist, which this provider does not offer, is not linked; its address says so and leads back (issue 46)", async ({
    page,
    site,
  }) => {
    const dialog = await fillSignIn(page, site);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "My Starlight" })).toBeVisible();

    await site.visit("/account/watchlist/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "My watchlist" })).toBeVisible();
    await expect(main.getByText("This theater does not offer this part of the account.")).toBeVisible();
    const navigation = main.getByRole("navigation", { name: "My account" });
    await expect(navigation.getByRole("link", { name: "My loyalty cards" })).toBeVisible();
    await expect(navigation.getByRole("link", { name: "My watchlist" })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await main.getByRole("link", { name: "Back to my account" }).click();
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(main.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  });
});

// Spec §5 captcha: this build loads the sandbox's reCAPTCHA stand-in and its server verifies
// tokens with the stand-in's siteverify, as a production deploy does with Google.
test.describe("captcha on sign-in (US site, verified by the server)", () => {
  const verifications = async (request: import("@playwright/test").APIRequestContext) =>
    (
      (await (await request.get(`${SANDBOX_URL}/__recaptcha/verifications`)).json()) as {
        verifications: { success: boolean; action: string; hostname: string; siteKey: string }[];
      }
    ).verifications;

  test("sign-in carries a token for the login action, and the server checks it", async ({ page, site, request }) => {
    const before = (await verifications(request)).length;
    const dialog = await fillSignIn(page, site);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "My Starlight" })).toBeVisible();
    const added = (await verifications(request)).slice(before);
    expect(added).toContainEqual(
      expect.objectContaining({ success: true, action: "login", hostname: "localhost", siteKey: "sandbox-site-key" }),
    );
  });

  test("a sign-in sent before the captcha script has loaded waits for it and signs in", async ({ page, site }) => {
    // The stand-in's script held back until the visitor has submitted: a phone on a slow network.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/__recaptcha/api.js*", async (route) => {
      await held;
      await route.continue();
    });
    const dialog = await fillSignIn(page, site);
    const logins: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/cypher") && request.method() === "POST") logins.push(request.postDataJSON());
    });
    await dialog.getByRole("button", { name: "Sign in" }).click();
    // Long enough for a sign-in that did not wait to have gone out without a token (and failed).
    await page.waitForTimeout(300);
    release();
    await expect(page.getByRole("banner").getByRole("button", { name: "My Starlight" })).toBeVisible();
    expect(logins[0]).toMatchObject({ reqMetadata: { "g-recaptcha-response": expect.any(String) } });
  });

  test("a login call without a token is refused by the server before the provider sees it", async ({ request }) => {
    const response = await request.post("/api/cypher", {
      data: {
        reqMetadata: { method: "POST", route: "/Member/Login?circuitId=STARLIGHT" },
        username: "active.v1@example.com",
        password: DEMO_PASSWORD,
      },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "captcha_failed" } });
  });
});
