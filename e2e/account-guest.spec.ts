import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, createMember, freshEmail, nameAtProvider } from "./fixtures/members";
import { SANDBOX_URL } from "./variants";

// Issue 5's guest screens on the French site (loyalty v3, BOOST_POS) against the sandbox provider:
// registration from the login page's sign-up tab, and forgotten password → e-mailed link → reset
// → sign-in with the new password. The screens' page objects are in fixtures/account-pages.ts.
const NEW_PASSWORD = "Nouveau-2027?";

/** The code the provider would have e-mailed (the sandbox's test helper). */
async function lastResetCode(page: Page, email: string): Promise<string> {
  const response = await page.request.get(
    `${SANDBOX_URL}/__sandbox/last-reset-code?email=${encodeURIComponent(email)}`,
  );
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { resetCode: string }).resetCode;
}

test.describe("registration on the French site", () => {
  test("the sign-up tab checks the rules before sending, then registers and signs the member in, keeping the apostrophe of a name", async ({
    account,
    page,
    request,
  }) => {
    const { login } = account;
    const form = await login.openSignUp();
    await login.expectNoAxeViolations();

    // Broken BOOST_POS rules and a foreign number: nothing is sent, focus goes to the first problem.
    const email = freshEmail("register");
    await form.fill({
      email,
      password: "weakpass",
      mobile: "(201) 555-0123",
      lastName: "N'Diaye",
      acknowledged: false,
    });
    // Typed key by key, the apostrophe became the typographic one (issue 46, docs/decisions.md).
    await expect(form.lastName).toHaveValue("N\u2019Diaye");
    await expect(form.passwordRule("au moins 8 caractères")).toHaveAttribute("data-met", "true");
    await expect(form.passwordRule("1 chiffre")).toHaveAttribute("data-met", "false");
    await form.submit.click();
    await expect(form.password).toBeFocused();
    await expect(form.password).toHaveAttribute("aria-invalid", "true");
    await expect(form.mobile).toHaveAccessibleDescription("Ce numéro de téléphone n'est pas valide (France)");
    await login.expectNoAxeViolations();
    // The missing rules end the hint's sentence, in lower case after its colon.
    await form.password.fill("court");
    await form.submit.click();
    await expect(form.password).toHaveAccessibleDescription(
      /Il manque encore à votre mot de passe : au moins 8 caractères, 1 lettre majuscule, 1 chiffre et 1 caractère spécial$/,
    );

    await form.password.fill(DEMO_PASSWORD);
    await form.mobile.fill("06 12 34 56 78");
    // The privacy box is required (issue 46): unticked, nothing is sent and it takes the focus.
    await form.submit.click();
    await expect(form.acknowledgement).toBeFocused();
    await expect(form.acknowledgement).toHaveAccessibleDescription(
      "Lire la politique de confidentialité Cochez cette case pour créer votre compte",
    );
    await form.acknowledgement.check();
    await form.submit.click();
    // Signed in and welcomed on the account's overview (issue 46), the login page left behind.
    await expect(page).toHaveURL(/\/account\/$/);
    const welcome = login.main.getByRole("region", { name: "Bienvenue au club, Ada !" });
    await expect(welcome.getByRole("heading", { level: 2 })).toBeFocused();
    // The sandbox issues no card at sign-up: the welcome says when its number comes.
    await expect(welcome).toContainText("Votre numéro de carte apparaîtra ici dès que le club l'aura attribué.");
    await expect(welcome.getByRole("link")).toHaveText([
      "Choisir mon cinéma préféré",
      "Garder les films qui me tentent dans ma liste",
    ]);
    await login.expectNoAxeViolations();
    expect(await nameAtProvider(request, email)).toEqual({ firstName: "Ada", lastName: "N\u2019Diaye" });
    await expect(login.accountMenu).toBeVisible();
    await page.reload();
    await login.hydrated();
    await expect(login.accountMenu).toBeVisible();
  });

  test("a guest finds registration in the sign-in dialog: its link opens the login page's sign-up tab, focused", async ({
    account,
    page,
  }) => {
    const { login } = account;
    const dialog = login.modalRoot.getByRole("dialog", { name: "Connexion" });
    const signUpLink = dialog.getByRole("link", { name: "S'inscrire" });

    await login.visit("/films/");
    await login.memberAccess.click();
    // Under the form, the operator's sign-up texts (loyalty.guestSignupTabButton, guestSignupTabText).
    const offer = dialog.getByRole("region", { name: "Créer un compte" });
    await expect(offer).toContainText("Rejoignez le club Lumière et cumulez des points à chaque séance.");
    await expect(signUpLink).toHaveAttribute("href", "/connexion/#sign-up");
    await login.expectNoAxeViolations();
    // Keyboard only: the links are inside the dialog's Tab loop (the last stop before the close button).
    await expect(dialog.getByLabel("Adresse e-mail")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Fermer" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(signUpLink).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/connexion\/#sign-up$/);
    await expect(login.signUpTab).toHaveAttribute("aria-selected", "true");
    await expect(login.signUpTab).toBeFocused();
    await expect(login.registration.heading).toBeVisible();

    // Already on the login page, on its other tab: the dialog's link brings the sign-up tab back.
    await login.main.getByRole("tab", { name: "J'ai déjà un compte" }).click();
    await expect(login.signUpTab).toHaveAttribute("aria-selected", "false");
    await login.memberAccess.click();
    await signUpLink.click();
    await expect(dialog).toBeHidden();
    await expect(login.signUpTab).toHaveAttribute("aria-selected", "true");
    await expect(login.registration.heading).toBeVisible();
  });

  test("an e-mail already registered answers code 34's message and keeps the form", async ({ account }) => {
    const { login } = account;
    const form = await login.openSignUp();
    await form.fill({ email: "active.v3@example.com", password: DEMO_PASSWORD, mobile: "06 12 34 56 78" });
    await form.submit.click();
    await expect(login.alert).toHaveText("Cette adresse e-mail est déjà associée à un membre (Code : 34)");
    await expect(login.alert).toBeFocused();
    await expect(form.email).toHaveValue("active.v3@example.com");
    await login.expectNoAxeViolations();
  });

  test("a guest sent to sign in from an account page registers and lands back there", async ({ account, page }) => {
    const { login } = account;
    const form = await login.openSignUp("/account/");
    await form.fill({ email: freshEmail("next"), password: DEMO_PASSWORD, mobile: "06 12 34 56 78" });
    await form.submit.click();
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(login.accountMenu).toBeVisible();
  });
});

test.describe("forgotten password on the French site", () => {
  test("forgot password → the reset link → a new password → sign in with it", async ({ account, page, request }) => {
    const { forgotPassword, resetPassword, login } = account;
    const { email } = await createMember(request, { firstName: "Rita", lastName: "Reset" });

    await forgotPassword.open();
    await expect(forgotPassword.reset).toBeVisible();
    await forgotPassword.expectNoAxeViolations();
    // Keyboard alone: type the address and send with Enter.
    await forgotPassword.email.focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await expect(forgotPassword.reset.getByRole("status")).toContainText(`Si un compte existe pour ${email}`);

    // BOOST_POS links carry the code alone (spec §2), as the e-mail would give it.
    const resetCode = await lastResetCode(page, email);
    await resetPassword.openLink(`?resetCode=${encodeURIComponent(resetCode)}`);
    await expect(resetPassword.heading).toHaveText(resetPassword.title);
    await expect(resetPassword.newPassword).toBeVisible();
    await resetPassword.expectNoAxeViolations();
    await resetPassword.choose(NEW_PASSWORD);
    await expect(resetPassword.status).toHaveText(
      "Votre mot de passe a été changé. Vous pouvez désormais vous connecter avec ce nouveau mot de passe.",
    );
    await resetPassword.expectNoAxeViolations();

    await resetPassword.signInLink.click();
    await expect(page).toHaveURL(/\/connexion\/\?next=%2Faccount%2F$/);
    await login.signIn(email, DEMO_PASSWORD);
    await expect(login.alert).toHaveText("Mot de passe incorrect (Code : 31)");
    await login.password.fill(NEW_PASSWORD);
    await login.signInButton.click();
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(login.accountMenu).toBeVisible();
  });

  test("a code that is not valid answers code 57's message and offers a new link", async ({ account }) => {
    const { resetPassword } = account;
    await resetPassword.openLink("?resetCode=NOT-A-CODE");
    await resetPassword.choose(NEW_PASSWORD);
    await expect(resetPassword.alert).toHaveText("Code de réinitialisation invalide (Code : 57)");
    await expect(resetPassword.alert).toBeFocused();
    await expect(resetPassword.newLinkLink).toHaveAttribute("href", "/account/forgot-password/");
    await resetPassword.expectNoAxeViolations();
  });

  test("a link without its code says it is incomplete", async ({ account, page }) => {
    const { resetPassword, forgotPassword } = account;
    await resetPassword.openLink("");
    await expect(resetPassword.alert).toHaveText(
      "Ce lien de réinitialisation est incomplet. Veuillez en demander un nouveau.",
    );
    await resetPassword.newLinkLink.click();
    await expect(page).toHaveURL(/\/account\/forgot-password\/$/);
    await expect(forgotPassword.reset).toBeVisible();
    await resetPassword.expectNoAxeViolations();
  });
});
