import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, type SitePage } from "./fixtures";
import { DEMO_PASSWORD, createMember, freshEmail } from "./fixtures/members";
import { SANDBOX_URL } from "./variants";

// Issue 5's guest screens on the French site (loyalty v3, BOOST_POS) against the sandbox provider:
// registration from the login page's sign-up tab, and forgotten password → e-mailed link → reset
// → sign-in with the new password. Texts are the fr-FR catalogue's.
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const NEW_PASSWORD = "Nouveau-2027?";

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations).toEqual([]);
}

/** The code the provider would have e-mailed (the sandbox's test helper). */
async function lastResetCode(page: Page, email: string): Promise<string> {
  const response = await page.request.get(
    `${SANDBOX_URL}/__sandbox/last-reset-code?email=${encodeURIComponent(email)}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { resetCode: string }).resetCode;
}

/** The login page's sign-up tab (its form is a chunk of its own, loaded on opening the tab). */
async function openSignUpTab(site: SitePage, path = "/connexion/"): Promise<void> {
  await site.goto(path);
  await site.hydrated();
  await site.main.getByRole("tab", { name: "Créer un compte" }).click();
  await expect(site.main.getByRole("heading", { level: 2, name: "Créer votre compte" })).toBeVisible();
}

async function fillRegistration(
  page: Page,
  values: { email: string; password: string; mobile: string },
): Promise<void> {
  const main = page.getByRole("main");
  await main.getByLabel("Adresse e-mail", { exact: true }).fill(values.email);
  await main.getByLabel("Mot de passe", { exact: true }).fill(values.password);
  await main.getByLabel("Prénom", { exact: true }).fill("Ada");
  await main.getByLabel("Nom", { exact: true }).fill("Lovelace");
  await main.getByLabel("Numéro de mobile", { exact: true }).fill(values.mobile);
}

test.describe("registration on the French site", () => {
  test("the sign-up tab checks the rules before sending, then registers and signs the member in", async ({
    site,
    page,
  }) => {
    await openSignUpTab(site);
    await expectNoAxeViolations(page);

    // Broken BOOST_POS rules and a foreign number: nothing is sent, focus goes to the first problem.
    const email = freshEmail("register");
    await fillRegistration(page, { email, password: "weakpass", mobile: "(201) 555-0123" });
    await expect(site.main.getByRole("listitem").filter({ hasText: "Au moins 8 caractères" })).toHaveAttribute(
      "data-met",
      "true",
    );
    await expect(site.main.getByRole("listitem").filter({ hasText: "1 chiffre" })).toHaveAttribute("data-met", "false");
    await site.main.getByRole("button", { name: "Créer mon compte" }).click();
    const password = site.main.getByLabel("Mot de passe", { exact: true });
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(site.main.getByLabel("Numéro de mobile", { exact: true })).toHaveAccessibleDescription(
      "Ce numéro de téléphone n'est pas valide (France)",
    );
    await expectNoAxeViolations(page);

    await password.fill(DEMO_PASSWORD);
    await site.main.getByLabel("Numéro de mobile", { exact: true }).fill("06 12 34 56 78");
    await site.main.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(site.main.getByRole("status")).toHaveText("Vous êtes connecté·e en tant que Ada Lovelace.");
    await expect(site.header.getByRole("button", { name: "Mon compte" })).toBeVisible();
    await page.reload();
    await site.hydrated();
    await expect(site.header.getByRole("button", { name: "Mon compte" })).toBeVisible();
  });

  test("an e-mail already registered answers code 34's message and keeps the form", async ({ site, page }) => {
    await openSignUpTab(site);
    await fillRegistration(page, { email: "active.v3@example.com", password: DEMO_PASSWORD, mobile: "06 12 34 56 78" });
    await site.main.getByRole("button", { name: "Créer mon compte" }).click();
    const alert = site.main.getByRole("alert");
    await expect(alert).toHaveText("Cette adresse e-mail est déjà associée à un membre (Code : 34)");
    await expect(alert).toBeFocused();
    await expect(site.main.getByLabel("Adresse e-mail", { exact: true })).toHaveValue("active.v3@example.com");
    await expectNoAxeViolations(page);
  });

  test("a guest sent to sign in from an account page registers and lands back there", async ({ site, page }) => {
    await openSignUpTab(site, `/connexion/?next=${encodeURIComponent("/account/")}`);
    await fillRegistration(page, { email: freshEmail("next"), password: DEMO_PASSWORD, mobile: "06 12 34 56 78" });
    await site.main.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(site.header.getByRole("button", { name: "Mon compte" })).toBeVisible();
  });
});

test.describe("forgotten password on the French site", () => {
  test("forgot password → the reset link → a new password → sign in with it", async ({ site, page, request }) => {
    const { email } = await createMember(request, { firstName: "Rita", lastName: "Reset" });

    await site.goto("/account/forgot-password/");
    await site.hydrated();
    await expect(site.heading).toHaveText("Mot de passe ou identifiant oublié");
    const reset = site.main.getByRole("region", { name: "Réinitialiser votre mot de passe" });
    await expect(reset).toBeVisible();
    await expectNoAxeViolations(page);
    // Keyboard alone: type the address and send with Enter.
    await reset.getByLabel("Adresse e-mail", { exact: true }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await expect(reset.getByRole("status")).toContainText(`Si un compte existe pour ${email}`);

    // BOOST_POS links carry the code alone (spec §2), as the e-mail would give it.
    const resetCode = await lastResetCode(page, email);
    await site.goto(`/account/reset-password/?resetCode=${encodeURIComponent(resetCode)}`);
    await site.hydrated();
    await expect(site.heading).toHaveText("Choisir un nouveau mot de passe");
    const newPassword = site.main.getByLabel("Nouveau mot de passe", { exact: true });
    await expect(newPassword).toBeVisible();
    await expectNoAxeViolations(page);
    await newPassword.fill(NEW_PASSWORD);
    await site.main.getByLabel("Confirmez le nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
    await site.main.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }).click();
    await expect(site.main.getByRole("status")).toHaveText(
      "Votre mot de passe a été changé. Vous pouvez désormais vous connecter avec ce nouveau mot de passe.",
    );
    await expectNoAxeViolations(page);

    await site.main.getByRole("link", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/connexion\/\?next=%2Faccount%2F$/);
    await site.main.getByLabel("Adresse e-mail", { exact: true }).fill(email);
    await site.main.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await site.main.getByRole("button", { name: "Se connecter" }).click();
    await expect(site.main.getByRole("alert")).toHaveText("Mot de passe incorrect (Code : 31)");
    await site.main.getByLabel("Mot de passe", { exact: true }).fill(NEW_PASSWORD);
    await site.main.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(site.header.getByRole("button", { name: "Mon compte" })).toBeVisible();
  });

  test("a code that is not valid answers code 57's message and offers a new link", async ({ site, page }) => {
    await site.goto("/account/reset-password/?resetCode=NOT-A-CODE");
    await site.hydrated();
    await site.main.getByLabel("Nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
    await site.main.getByLabel("Confirmez le nouveau mot de passe", { exact: true }).fill(NEW_PASSWORD);
    await site.main.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }).click();
    const alert = site.main.getByRole("alert");
    await expect(alert).toHaveText("Code de réinitialisation invalide (Code : 57)");
    await expect(alert).toBeFocused();
    await expect(site.main.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute(
      "href",
      "/account/forgot-password/",
    );
    await expectNoAxeViolations(page);
  });

  test("a link without its code says it is incomplete", async ({ site, page }) => {
    await site.goto("/account/reset-password/");
    await site.hydrated();
    await expect(site.main.getByRole("alert")).toHaveText(
      "Ce lien de réinitialisation est incomplet. Veuillez en demander un nouveau.",
    );
    await site.main.getByRole("link", { name: "Demander un nouveau lien" }).click();
    await expect(page).toHaveURL(/\/account\/forgot-password\/$/);
    await expect(site.main.getByRole("region", { name: "Réinitialiser votre mot de passe" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
