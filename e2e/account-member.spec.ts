import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, type SitePage } from "./fixtures";
import { DEMO_PASSWORD, createMember, signInOnFrenchSite } from "./fixtures/members";

// Issue 5's member screens on the French site (loyalty v3, BOOST_POS) against the sandbox
// provider: the account section under /account/, reached from the header, and its overview,
// profile, history, rewards, cards, gift-card balance and account deletion. Texts are the fr-FR
// catalogue's. Tests that change a member's state use a member of their own (tests run in
// parallel against one sandbox); the read-only ones use the demo member active.v3.
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(violations).toEqual([]);
}

/** Opens an account screen as the signed-in member and waits for its <h1> (the screen is client-only). */
async function openAccount(site: SitePage, path: string, title: string): Promise<void> {
  await site.goto(path);
  await site.hydrated();
  await expect(site.main.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** A card code no other run uses, in lower case as a member might type it. */
function freshCardCode(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
}

test.describe("the account section on the French site", () => {
  test("a guest opening /account/ is sent to sign in and comes back after signing in", async ({ site, page }) => {
    await site.goto("/account/");
    await site.hydrated();
    await expect(page).toHaveURL(/\/connexion\/\?next=%2Faccount%2F$/);
    await site.main.getByLabel("Adresse e-mail").fill("active.v3@example.com");
    await site.main.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await site.main.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(site.main.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    await expect(site.main.getByRole("heading", { level: 2, name: "Mon adhésion" })).toBeVisible();
  });

  test("the account is reached from the header's member menu; the overview names the membership", async ({
    site,
    page,
  }) => {
    await signInOnFrenchSite(site, "active.v3@example.com");
    await site.goto("/films/");
    await site.hydrated();
    await site.header.getByRole("button", { name: "Mon compte" }).click();
    await site.header.getByRole("link", { name: "Mon compte" }).click();
    await expect(page).toHaveURL(/\/account\/$/);
    const membership = site.main.getByRole("region", { name: "Mon adhésion", exact: true });
    await expect(membership).toContainText("Ada Active");
    await expect(membership).toContainText(/1\s250 points/);
    await expect(membership).toContainText("CYP0000000001");
    await expect(membership).toContainText("Sans date d'expiration");
    await expect(site.main.getByRole("button", { name: "Gérer mon moyen de paiement" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("history and rewards read the member's orders, points and rewards", async ({ site, page }) => {
    await signInOnFrenchSite(site, "active.v3@example.com");
    await openAccount(site, "/account/history/", "Mes commandes et mes points");
    const orders = site.main.getByRole("region", { name: "Mes commandes", exact: true });
    await expect(orders.getByRole("heading", { level: 3, name: "Dune: Part Two - 2 tickets" })).toBeVisible();
    await expect(orders).toContainText(/Total : 24,00\s€/);
    await expect(site.main.getByRole("region", { name: "Mon historique de points", exact: true })).toContainText(
      "+240 points",
    );
    await expectNoAxeViolations(page);

    await openAccount(site, "/account/rewards/", "Récompenses");
    const rewards = site.main.getByRole("region", { name: "Récompenses au choix", exact: true });
    await expect(rewards.getByRole("heading", { level: 3, name: "VIP seat upgrade" })).toBeVisible();
    await expect(rewards.getByRole("button", { name: "Commander : Medium popcorn" })).toBeVisible();
    await expect(site.main.getByRole("region", { name: "Bons électroniques", exact: true })).toContainText(
      "E-voucher: small popcorn",
    );
    await expectNoAxeViolations(page);
  });

  test("a profile edit persists across a reload", async ({ site, page, request }) => {
    const { email } = await createMember(request);
    await signInOnFrenchSite(site, email);
    await openAccount(site, "/account/profile/", "Mes informations");
    const firstName = site.main.getByLabel("Prénom", { exact: true });
    await expect(firstName).toHaveValue("Camille");
    await expectNoAxeViolations(page);

    await firstName.fill("Zoé");
    await site.main.getByLabel("Numéro de mobile", { exact: true }).fill("07 81 23 45 67");
    await site.main.getByLabel("Date de naissance (facultatif)").fill("1988-03-09");
    await site.main.getByRole("button", { name: "Enregistrer mes informations" }).click();
    await expect(site.main.getByRole("status")).toHaveText("Vos informations ont été enregistrées.");

    await page.reload();
    await site.hydrated();
    await expect(site.main.getByLabel("Prénom", { exact: true })).toHaveValue("Zoé");
    await expect(site.main.getByLabel("Numéro de mobile", { exact: true })).toHaveValue("+33781234567");
    await expect(site.main.getByLabel("Date de naissance (facultatif)")).toHaveValue("1988-03-09");
  });

  test("a failed profile save keeps what was typed and moves the focus to the reason", async ({
    site,
    page,
    request,
  }) => {
    const { email } = await createMember(request);
    await signInOnFrenchSite(site, email);
    await openAccount(site, "/account/profile/", "Mes informations");
    await site.main.getByLabel("Prénom", { exact: true }).fill("Maëlle");
    await site.main.getByLabel("Adresse e-mail", { exact: true }).fill("active.v1@example.com");
    await site.main.getByRole("button", { name: "Enregistrer mes informations" }).click();
    const alert = site.main.getByRole("alert");
    await expect(alert).toHaveText("Cette adresse e-mail est déjà associée à un membre (Code : 34)");
    await expect(alert).toBeFocused();
    await expect(site.main.getByLabel("Prénom", { exact: true })).toHaveValue("Maëlle");
    await expectNoAxeViolations(page);
  });

  test("a card added in lower case is shown in capitals, then reported lost after a confirmation", async ({
    site,
    page,
    request,
  }) => {
    const { email } = await createMember(request);
    await signInOnFrenchSite(site, email);
    await openAccount(site, "/account/cards/", "Mes cartes de fidélité");
    const cards = site.main.getByRole("region", { name: "Mes cartes", exact: true });
    await expect(cards).toContainText("Vous n'avez pas encore de carte de fidélité.");
    await expectNoAxeViolations(page);

    const typed = freshCardCode("lost");
    const code = typed.toUpperCase();
    const field = site.main.getByLabel("Numéro de carte", { exact: true });
    await field.pressSequentially(typed);
    await expect(field).toHaveValue(code);
    await site.main.getByRole("button", { name: "Ajouter la carte", exact: true }).click();
    await expect(
      site.main.getByRole("region", { name: "Ajouter une carte", exact: true }).getByRole("status"),
    ).toHaveText(`La carte ${code} a été ajoutée.`);
    const card = cards.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: code }) });
    await expect(card).toContainText("Active · Carte principale");

    // Adding it again: code 1020.
    await field.fill(code);
    await site.main.getByRole("button", { name: "Ajouter la carte", exact: true }).click();
    await expect(site.main.getByRole("alert")).toHaveText("Cette carte est déjà active (Code : 1020)");

    const report = cards.getByRole("button", { name: "Déclarer ma carte principale perdue" });
    await report.click();
    const dialog = site.modalRoot.getByRole("alertdialog", { name: `Déclarer la carte ${code} perdue ?` });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(report).toBeFocused();

    await report.click();
    await dialog.getByRole("button", { name: "La déclarer perdue" }).click();
    await expect(cards.getByRole("status")).toHaveText(`La carte ${code} a été déclarée perdue.`);
    await expect(card).toContainText("Déclarée perdue");
    await page.reload();
    await site.hydrated();
    await expect(
      site.main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: code }) }),
    ).toContainText("Déclarée perdue");
  });

  test("gift-card balance: a valid card shows its balance in euros, an invalid one code 51's message", async ({
    site,
    page,
  }) => {
    await signInOnFrenchSite(site, "active.v3@example.com");
    await openAccount(site, "/account/gift-card/", "Solde d'une carte cadeau");
    await expectNoAxeViolations(page);
    const field = site.main.getByLabel("Numéro de la carte cadeau");
    await field.pressSequentially("gc0000001234");
    await expect(field).toHaveValue("GC0000001234");
    await site.main.getByRole("button", { name: "Consulter le solde" }).click();
    await expect(site.main.getByRole("status")).toHaveText(/^Il reste 12,34\s€ sur la carte cadeau GC0000001234\.$/);

    await field.fill("GC123");
    await site.main.getByRole("button", { name: "Consulter le solde" }).click();
    const alert = site.main.getByRole("alert");
    await expect(alert).toHaveText("Carte cadeau invalide (Code : 51)");
    await expect(alert).toBeFocused();
    await expect(field).toHaveValue("GC123");
    await expectNoAxeViolations(page);
  });

  test("deleting the account: confirmed in a dialog naming what is lost, then the session ends and sign-in answers code 30", async ({
    site,
    page,
    request,
    baseURL,
  }) => {
    const { email } = await createMember(request);
    await signInOnFrenchSite(site, email);
    await openAccount(site, "/account/delete/", "Supprimer mon compte");
    await expectNoAxeViolations(page);

    const open = site.main.getByRole("button", { name: "Supprimer mon compte" });
    await open.click();
    const dialog = site.modalRoot.getByRole("alertdialog", { name: "Supprimer votre compte ?" });
    await expect(dialog.getByRole("list", { name: "Vous perdrez définitivement :" }).getByRole("listitem")).toHaveText([
      "votre solde de 0 point",
      "vos cartes de fidélité",
      "l'historique de vos commandes et de vos points",
      "votre liste de films",
      "vos cinémas favoris et leurs lettres d'information",
    ]);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Conserver mon compte" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await dialog.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
    // Home, in place of the account page (not kept in the history).
    await expect(page).toHaveURL(`${baseURL}/`);
    await site.hydrated();
    await expect(site.header.getByRole("button", { name: "Espace membre" })).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name === "clubToken")).toBe(false);

    await site.goto("/connexion/");
    await site.hydrated();
    await site.main.getByLabel("Adresse e-mail").fill(email);
    await site.main.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await site.main.getByRole("button", { name: "Se connecter" }).click();
    await expect(site.main.getByRole("alert")).toHaveText("Membre introuvable (Code : 30)");
  });
});
