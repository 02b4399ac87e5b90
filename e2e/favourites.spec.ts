import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations } from "./fixtures/axe";
import { forceNextError } from "./fixtures/members";
import type { SitePage } from "./fixtures/pages";
import { filmList } from "./fixtures/site-data";

// Issue 6 on the French site (loyalty v3, includeWatchlist): the watchlist and favourite cinemas.

/** Presses a toggle; it says `pressed` at once and again after a reload. */
async function pressThenReload(page: Page, site: SitePage, toggle: Locator, pressed: "true" | "false") {
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", pressed);
  await page.reload();
  await site.hydrated();
  await expect(toggle).toHaveAttribute("aria-pressed", pressed);
}

test.describe("watchlist", () => {
  test("a guest's toggle invites them to sign in", async ({ site }) => {
    const film = filmList()[0]!;
    await site.visit(film.path);
    await site.main
      .getByRole("button", { name: `Ma liste d'envies : connectez-vous pour y ajouter ${film.title}` })
      .click();
    await expect(site.modalRoot.getByRole("dialog", { name: "Connexion" })).toBeVisible();
  });

  test("add a film from its page, keep it across a reload and in the account, remove it; a provider refusal leaves the list as it was", async ({
    site,
    account,
    page,
    request,
    consoleGuard,
  }) => {
    await account.signInAsNewMember(request);
    const film = filmList()[0]!;
    await site.visit(film.path);
    const toggle = site.main.getByRole("button", { name: `Ma liste d'envies : ${film.title}` });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    // The member's list is loaded before the toggle takes a press.
    await expect(toggle).toHaveAttribute("aria-busy", "false");
    await pressThenReload(page, site, toggle, "true");

    await site.goto("/account/watchlist/");
    await expect(site.main.getByRole("link", { name: film.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await site.visit(film.path);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await pressThenReload(page, site, toggle, "false");

    // Spec §8: a non-zero peachCode leaves the list unchanged and says why (code 72).
    await forceNextError(request, "/Member/v3/AddFavoriteFilm", 72);
    // Spec §8: the refusal is logged as well as shown.
    consoleGuard.expectConsoleMessage(/^Watchlist: add of film \d+ failed \(provider 72\)$/);
    await expect(toggle).toHaveAttribute("aria-busy", "false");
    await toggle.click();
    await expect(site.main.getByRole("alert")).toHaveText(
      "Ce film ne peut pas encore être ajouté à votre liste d'envies (Code : 72)",
    );
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
  });

  test("the film list's cards carry the same toggle", async ({ site, account, request }) => {
    await account.signInAsNewMember(request);
    await site.visit("/films/");
    const film = filmList()[0]!;
    const toggle = site.main.getByRole("button", { name: `Ma liste d'envies : ${film.title}` });
    await expect(toggle).toHaveAttribute("aria-busy", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("favourite cinemas", () => {
  test("add a cinema (newsletter on), switch its newsletter off, reload: both kept; a refused removal keeps the list and says so", async ({
    site,
    account,
    page,
    request,
  }) => {
    await account.signInAsNewMember(request);
    await site.goto("/account/cinemas/");
    await expect(site.heading).toHaveText("Mes cinémas favoris");
    await expect(site.main.getByText("Vous n'avez pas encore de cinéma favori.")).toBeVisible();
    await site.main.getByRole("button", { name: /^Ajouter .* à mes cinémas favoris$/ }).click();
    const newsletter = site.main.getByRole("checkbox", { name: /^Recevoir la newsletter/ });
    await expect(newsletter).toBeChecked();
    // The switch shows the provider's answer, not the click: no optimistic state.
    await newsletter.click();
    await expect(newsletter).not.toBeChecked();
    await expect(newsletter).toBeEnabled();

    await page.reload();
    await expect(newsletter).not.toBeChecked();
    const remove = site.main.getByRole("button", { name: /^Retirer .* de mes cinémas favoris$/ });
    await expect(remove).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await forceNextError(request, "/Member/v3/RemoveFavoriteCinema", 1);
    await remove.click();
    await expect(site.main.getByRole("alert")).toHaveText(/^Une erreur est survenue\..*\(Code : 1\)$/);
    await expect(remove).toBeVisible();
    await expect(newsletter).not.toBeChecked();
  });
});
