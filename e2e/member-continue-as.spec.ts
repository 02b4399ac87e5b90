import { expect, test } from "./fixtures";
import type { AccountPages } from "./fixtures/account-pages";
import { createMember, sessionTokenAtProvider } from "./fixtures/members";
import type { APIRequestContext } from "@playwright/test";

// Issue 43, "login CSRF by ?token=": a member signed in who opens a link carrying another member's
// token (/account/profile/?token=…) used to become that member silently, their profile open to
// edit. Now the page asks "Continuer en tant que … ?" first (src/member/sign-in/ContinueAsDialog.tsx).
// The French site (loyalty v3) against the sandbox provider; each test has members of its own. A
// guest arriving with ?token= is still signed in at once (member-session.spec.ts).

/**
 * Zoé signs in here; Bastien is signed in elsewhere (a till, the ticketing service), which hands
 * his token over in a link. Answers that link's address on Zoé's profile screen.
 */
async function zoeOpensBastiensLink(account: AccountPages, request: APIRequestContext) {
  await account.signInAsNewMember(request, { firstName: "Zoé", lastName: "Dupremier" });
  const bastien = await createMember(request, { firstName: "Bastien", lastName: "Dusecond" });
  const token = await sessionTokenAtProvider(request, bastien.email);
  return { token, link: `/account/profile/?token=${encodeURIComponent(token)}&utm_source=mail` };
}

test.describe("a ?token= link while another member is signed in (French site, v3)", () => {
  test("asks before switching; declining keeps the member, and the token leaves the address bar", async ({
    account,
    page,
    request,
  }) => {
    const { profile } = account;
    const { link } = await zoeOpensBastiensLink(account, request);
    await profile.visit(link);
    const question = profile.dialog("Continuer en tant que Bastien Dusecond ?");
    await expect(question).toBeVisible();
    await expect(question).toContainText("Vous êtes actuellement connecté·e en tant que Zoé Dupremier.");
    const stay = question.getByRole("button", { name: "Rester connecté·e en tant que Zoé Dupremier" });
    await expect(stay).toBeFocused();
    await expect(question.getByRole("button", { name: "Continuer en tant que Bastien Dusecond" })).toBeVisible();
    // Behind the question, Zoé's own profile: nothing has changed yet.
    await expect(profile.firstName).toHaveValue("Zoé");
    await profile.expectNoAxeViolations();

    await page.keyboard.press("Enter");
    await expect(question).toHaveCount(0);
    await expect(profile.firstName).toHaveValue("Zoé");
    await expect(profile.accountMenu).toBeVisible();
    await expect(page).toHaveURL(/\/account\/profile\/\?utm_source=mail$/);

    // The token is gone from the address: a reload asks nothing, and Zoé is still signed in.
    await page.reload();
    await profile.hydrated();
    await expect(profile.firstName).toHaveValue("Zoé");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("Escape answers as staying does", async ({ account, page, request }) => {
    const { profile } = account;
    const { link } = await zoeOpensBastiensLink(account, request);
    await profile.visit(link);
    const question = profile.dialog("Continuer en tant que Bastien Dusecond ?");
    await expect(question.getByRole("button", { name: "Rester connecté·e en tant que Zoé Dupremier" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(question).toHaveCount(0);
    await expect(profile.firstName).toHaveValue("Zoé");
    await expect(page).toHaveURL(/\/account\/profile\/\?utm_source=mail$/);
  });

  test("accepting switches to the other member", async ({ account, page, request }) => {
    const { profile } = account;
    const { link, token } = await zoeOpensBastiensLink(account, request);
    await profile.visit(link);
    const question = profile.dialog("Continuer en tant que Bastien Dusecond ?");
    await question.getByRole("button", { name: "Continuer en tant que Bastien Dusecond" }).click();
    await expect(question).toHaveCount(0);
    await expect(profile.firstName).toHaveValue("Bastien");
    await profile.accountMenu.click();
    await expect(profile.header.getByText("Connecté·e : Bastien Dusecond")).toBeVisible();
    // The token left the address bar as the page started (issue 44). As a guest's arrival: the
    // session rests on it (v3 keeps no refresh token for it, spec §4), and the page's history
    // entry kept it, so a reload signs Bastien in again, still without it in the address.
    await expect(page).toHaveURL(/\/account\/profile\/\?utm_source=mail$/);
    expect(page.url()).not.toContain(token);
    await page.reload();
    await profile.hydrated();
    await expect(profile.firstName).toHaveValue("Bastien");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(page.url()).not.toContain(token);
  });

  test("a link whose token the provider refuses changes nothing, and says so", async ({ account, page, request }) => {
    const { profile } = account;
    await account.signInAsNewMember(request, { firstName: "Zoé", lastName: "Dupremier" });
    await profile.visit("/account/profile/?token=not-a-real-token");
    const notice = profile.dialog("Lien de connexion non utilisé");
    await expect(notice).toContainText("Vous êtes toujours connecté·e en tant que Zoé Dupremier.");
    await expect(notice.getByRole("button", { name: "Fermer" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(notice).toHaveCount(0);
    await expect(profile.firstName).toHaveValue("Zoé");
    await expect(page).toHaveURL(/\/account\/profile\/$/);
  });
});
