import { describeOnPhone, expect, test } from "./fixtures";
import { scannedBarcode } from "./fixtures/barcode";

// Issue 5's member screens on the French site (loyalty v3, BOOST_POS) against the sandbox
// provider: the account section under /account/, reached from the header, and its overview,
// profile, history, rewards, cards, gift-card balance and account deletion. The screens' page
// objects are in fixtures/account-pages.ts. Tests that change a member's state use a member of
// their own (tests run in parallel against one sandbox); the read-only ones use the demo member
// active.v3.

/** A card code no other run uses, in lower case as a member might type it. */
function freshCardCode(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
}

test.describe("the account section on the French site", () => {
  test("a guest opening /account/ is sent to sign in and comes back after signing in", async ({ account, page }) => {
    const { login, overview } = account;
    await overview.visit("/account/");
    await expect(page).toHaveURL(/\/connexion\/\?next=%2Faccount%2F$/);
    await login.signIn("active.v3@example.com");
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(overview.heading).toHaveText(overview.title);
    await expect(overview.membership).toBeVisible();
  });

  test("the account is reached from the header's member menu; the overview names the membership", async ({
    account,
    page,
  }) => {
    const { overview } = account;
    await account.signIn("active.v3@example.com");
    await overview.visit("/films/");
    await overview.openFromHeader();
    await expect(page).toHaveURL(/\/account\/$/);
    await expect(overview.membership).toContainText("Ada Active");
    await expect(overview.membership).toContainText(/1\s250 points/);
    await expect(overview.membership).toContainText("CYP0000000001");
    await expect(overview.membership).toContainText("Sans date d'expiration");
    await expect(overview.paymentButton).toBeVisible();
    await overview.expectNoAxeViolations();
  });

  test("a screen opened by its address (a reload, a bookmark) has its own title, and keeps it", async ({
    account,
    page,
  }) => {
    const { overview } = account;
    await account.signIn("active.v3@example.com");
    for (const [path, title] of [
      ["/account/cards/", "Mes cartes de fidélité | Cinéma Lumière"],
      ["/account/cinemas/", "Mes cinémas favoris | Cinéma Lumière"],
    ] as const) {
      await overview.visit(path);
      await expect(page).toHaveTitle(title);
      // Gatsby writes the head again once the screen has loaded: the title must survive that.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title.split(" | ")[0]!);
      await expect(page).toHaveTitle(title);
    }
  });

  describeOnPhone("on a phone (390×844)", () => {
    test("the section's screens are a menu naming the current one: the screen starts in the first 300 px (issue 46)", async ({
      account,
      page,
    }) => {
      const { profile, cards } = account;
      await account.signIn("active.v3@example.com");
      await profile.open();
      const navigation = page.getByRole("navigation", { name: "Mon compte" });
      const toggle = navigation.getByRole("button", { name: "Mon compte : Mes informations" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(navigation.getByRole("link")).toHaveCount(0);
      // The screen itself, not the menu, fills the first screenful.
      const heading = page.getByRole("heading", { level: 1, name: "Mes informations" });
      expect((await heading.boundingBox())!.y).toBeLessThanOrEqual(300);
      expect((await profile.firstName.boundingBox())!.y).toBeLessThanOrEqual(844);
      await profile.expectNoAxeViolations();

      // Open, the screens are links, the current one marked; Escape closes and gives the focus back.
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const links = navigation.getByRole("link");
      await expect.poll(() => links.count()).toBeGreaterThanOrEqual(7);
      await expect(navigation.getByRole("link", { name: "Mes informations" })).toHaveAttribute("aria-current", "page");
      await profile.expectNoAxeViolations();
      await navigation.getByRole("link", { name: "Mes informations" }).focus();
      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();

      // Another screen from the menu: it opens closed again, naming that screen.
      await toggle.click();
      await navigation.getByRole("link", { name: "Mes cartes de fidélité" }).click();
      await expect(page.getByRole("heading", { level: 1, name: cards.title })).toBeVisible();
      await expect(navigation.getByRole("button", { name: "Mon compte : Mes cartes de fidélité" })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
    });

    // Each screen arrives in steps (the session, its code, the member's data): under a short
    // "loading" the footer showed, and each step moved it and the screen's sections down (layout
    // shift 0.22 on the overview, 0.30 on the history).
    test("a screen opened by its address does not jump as its parts arrive", async ({ account, site }) => {
      const { overview, history, rewards, cards } = account;
      await account.signIn("active.v3@example.com");
      await site.trackLayoutShifts();
      for (const screen of [overview, history, rewards, cards]) {
        await screen.open();
        await expect(site.main.getByText(/^Chargement/)).toHaveCount(0);
        const cls = await site.settledLayoutShift();
        // (The header's member button, wider once the session is read, moves its neighbours by 0.0007.)
        expect(cls.total, `${screen.path}: layout shifts ${JSON.stringify(cls.shifts)}`).toBeLessThanOrEqual(0.005);
      }
    });
  });

  test("the card at the till: a Code 128 barcode named with its number that scans, and a full-screen view (issue 46)", async ({
    account,
    page,
  }) => {
    const { overview, cards } = account;
    await account.signIn("active.v3@example.com");
    await overview.open();
    const atTill = overview.region("Ma carte en caisse");
    await expect(atTill.getByRole("img", { name: "Carte CYP0000000001" })).toBeVisible();

    await cards.open();
    const barcode = cards.list.getByRole("img", { name: "Carte CYP0000000001" });
    await expect(barcode).toBeVisible();
    // What the served page drew, read back as a till's scanner would (zxing).
    expect(await scannedBarcode(barcode)).toBe("CYP0000000001");
    await cards.expectNoAxeViolations();

    const fullScreen = cards.list.getByRole("button", { name: "Plein écran pour la caisse" }).first();
    await fullScreen.click();
    const dialog = page.getByRole("dialog", { name: "Carte CYP0000000001 pour la caisse" });
    await expect(dialog.getByRole("img", { name: "Carte CYP0000000001" })).toBeVisible();
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(fullScreen).toBeFocused();
  });

  test("history and rewards read the member's orders, points and rewards", async ({ account }) => {
    const { history, rewards } = account;
    await account.signIn("active.v3@example.com");
    await history.open();
    await expect(history.order("Dune : Deuxième partie - 2 places")).toBeVisible();
    await expect(history.orders).toContainText(/Total : 24,00\s€/);
    await expect(history.points).toContainText("+240 points");
    await expect(history.points).toContainText("Points gagnés : ORD-SEED-0001");
    await history.expectNoAxeViolations();

    await rewards.open();
    await expect(rewards.reward("Surclassement siège VIP")).toBeVisible();
    await expect(rewards.orderButton("Popcorn moyen")).toBeVisible();
    await expect(rewards.eVouchers).toContainText("Bon électronique : petit popcorn");
    await rewards.expectNoAxeViolations();
  });

  test("a profile edit persists across a reload", async ({ account, page, request }) => {
    const { profile } = account;
    await account.signInAsNewMember(request);
    await profile.open();
    await expect(profile.firstName).toHaveValue("Camille");
    await profile.expectNoAxeViolations();

    await profile.firstName.fill("Zoé");
    await profile.mobile.fill("07 81 23 45 67");
    await profile.birthDate.fill("1988-03-09");
    await profile.save.click();
    await expect(profile.status).toHaveText("Vos informations ont été enregistrées.");

    await page.reload();
    await profile.hydrated();
    await expect(profile.firstName).toHaveValue("Zoé");
    await expect(profile.mobile).toHaveValue("+33781234567");
    await expect(profile.birthDate).toHaveValue("1988-03-09");
  });

  test("a failed profile save keeps what was typed and moves the focus to the reason", async ({ account, request }) => {
    const { profile } = account;
    await account.signInAsNewMember(request);
    await profile.open();
    await profile.firstName.fill("Maëlle");
    await profile.email.fill("active.v1@example.com");
    await profile.save.click();
    await expect(profile.alert).toHaveText("Cette adresse e-mail est déjà associée à un membre (Code : 34)");
    await expect(profile.alert).toBeFocused();
    await expect(profile.firstName).toHaveValue("Maëlle");
    await profile.expectNoAxeViolations();
  });

  test("a card added in lower case is shown in capitals, then reported lost after a confirmation", async ({
    account,
    page,
    request,
  }) => {
    const { cards } = account;
    await account.signInAsNewMember(request);
    await cards.open();
    await expect(cards.list).toContainText("Vous n'avez pas encore de carte de fidélité.");
    await cards.expectNoAxeViolations();

    const typed = freshCardCode("lost");
    const code = typed.toUpperCase();
    await cards.code.pressSequentially(typed);
    await expect(cards.code).toHaveValue(code);
    await cards.addButton.click();
    await expect(cards.addStatus).toHaveText(`La carte ${code} a été ajoutée.`);
    await expect(cards.card(code)).toContainText("Active · Carte principale");

    // Adding it again: code 1020.
    await cards.code.fill(code);
    await cards.addButton.click();
    await expect(cards.alert).toHaveText("Cette carte est déjà active (Code : 1020)");

    const dialog = cards.lostDialog(code);
    await cards.reportLost.click();
    await expect(dialog).toBeVisible();
    await cards.expectNoAxeViolations();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(cards.reportLost).toBeFocused();

    await cards.reportLost.click();
    await cards.confirmLost(code).click();
    await expect(cards.listStatus).toHaveText(`La carte ${code} a été déclarée perdue.`);
    await expect(cards.card(code)).toContainText("Déclarée perdue");
    await page.reload();
    await cards.hydrated();
    await expect(cards.card(code)).toContainText("Déclarée perdue");
  });

  test("gift-card balance: a valid card shows its balance in euros, an invalid one code 51's message", async ({
    account,
  }) => {
    const { giftCard } = account;
    await account.signIn("active.v3@example.com");
    await giftCard.open();
    await giftCard.expectNoAxeViolations();
    await giftCard.number.pressSequentially("gc0000001234");
    await expect(giftCard.number).toHaveValue("GC0000001234");
    await giftCard.check.click();
    await expect(giftCard.status).toHaveText(/^Il reste 12,34\s€ sur la carte cadeau GC0000001234\.$/);

    await giftCard.number.fill("GC123");
    await giftCard.check.click();
    await expect(giftCard.alert).toHaveText("Carte cadeau invalide (Code : 51)");
    await expect(giftCard.alert).toBeFocused();
    await expect(giftCard.number).toHaveValue("GC123");
    await giftCard.expectNoAxeViolations();
  });

  test("deleting the account: confirmed in a dialog naming what is lost, then the session ends and sign-in answers code 30", async ({
    account,
    page,
    request,
    baseURL,
  }) => {
    const { deletion, login } = account;
    const { email } = await account.signInAsNewMember(request);
    await deletion.open();
    await deletion.expectNoAxeViolations();

    await deletion.deleteButton.click();
    await expect(deletion.losses).toHaveText([
      "votre solde de 0 point",
      "vos cartes de fidélité",
      "l'historique de vos commandes et de vos points",
      "votre liste de films",
      "vos cinémas favoris et leurs lettres d'information",
    ]);
    await deletion.expectNoAxeViolations();
    await deletion.keep.click();
    await expect(deletion.confirmation).toBeHidden();
    await expect(deletion.deleteButton).toBeFocused();

    await deletion.deleteButton.click();
    await deletion.confirm.click();
    // Home, in place of the account page (not kept in the history).
    await expect(page).toHaveURL(`${baseURL}/`);
    await deletion.hydrated();
    await expect(deletion.memberAccess).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name === "clubToken")).toBe(false);

    await login.open();
    await login.signIn(email);
    await expect(login.alert).toHaveText("Membre introuvable (Code : 30)");
  });
});
