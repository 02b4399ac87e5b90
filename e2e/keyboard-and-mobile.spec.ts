import { describeOnPhone, expect, test } from "./fixtures";
import { filmPathOf } from "./fixtures/site-data";

const paths = ["/", "/films/", filmPathOf(1000021001)];

test.describe("skip link", () => {
  for (const path of paths) {
    test(`first Tab on ${path} focuses "Aller au contenu"; Enter moves focus to main`, async ({ site, page }) => {
      await site.visit(path);
      await page.keyboard.press("Tab");
      await expect(site.skipLink).toBeFocused();
      await expect(site.skipLink).toBeVisible();
      await expect(site.skipLink).toHaveAttribute("href", "#main-content");

      await page.keyboard.press("Enter");
      await expect(site.main).toBeFocused();
      await expect(site.main).toHaveId("main-content");
    });
  }
});

describeOnPhone("mobile menu (390×844)", () => {
  test("the menu button toggles aria-expanded and reveals the navigation links", async ({ site }) => {
    await site.visit("/");
    const links = site.mainNavigation.getByRole("link");

    await expect(site.menuButton).toBeVisible();
    await expect(site.menuButton).toHaveAccessibleName("Menu");
    await expect(site.menuButton).toHaveAttribute("aria-expanded", "false");
    const controls = await site.menuButton.getAttribute("aria-controls");
    expect(controls).toBeTruthy();
    await expect(site.mainNavigation).toHaveId(controls!);
    await expect(site.mainNavigation.getByRole("link", { name: "Films", exact: true })).toBeHidden();

    await site.menuButton.click();
    await expect(site.menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(site.menuButton).toHaveAccessibleName("Fermer le menu");
    await expect(links).toHaveText(["Films", "Séances", "Infos pratiques"]);
    await expect(site.mainNavigation.getByRole("link", { name: "Films", exact: true })).toBeVisible();
    await expect(site.mainNavigation.getByRole("link", { name: "Infos pratiques" })).toBeVisible();

    await site.menuButton.click();
    await expect(site.menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(site.mainNavigation.getByRole("link", { name: "Films", exact: true })).toBeHidden();
  });

  // WAI-ARIA disclosure: Escape closes the menu and the focus goes back to its button.
  test("Escape closes the opened menu, from its button or from a link inside, and focus returns to the button", async ({
    site,
    page,
  }) => {
    await site.visit("/");
    const films = site.mainNavigation.getByRole("link", { name: "Films", exact: true });

    await site.menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(site.menuButton).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(site.menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(site.menuButton).toHaveAccessibleName("Menu");
    await expect(films).toBeHidden();
    await expect(site.menuButton).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(site.mainNavigation.getByRole("link", { name: "Séances", exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(site.menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(films).toBeHidden();
    await expect(site.menuButton).toBeFocused();
  });

  test("Tab walks through the opened menu without closing it; moving on past it closes it", async ({ site, page }) => {
    await site.visit("/");
    await site.menuButton.focus();
    await page.keyboard.press("Enter");
    for (const name of ["Films", "Séances", "Infos pratiques"]) {
      await page.keyboard.press("Tab");
      await expect(site.mainNavigation.getByRole("link", { name, exact: true })).toBeFocused();
      await expect(site.menuButton).toHaveAttribute("aria-expanded", "true");
    }
    // Past the last link comes the search box, outside the menu, and drawn below it as well: the
    // opened menu sits right under its button.
    const lastLink = (await site.mainNavigation.getByRole("link").last().boundingBox())!;
    const searchBox = (await site.searchBox.boundingBox())!;
    expect(lastLink.y + lastLink.height).toBeLessThanOrEqual(searchBox.y);
    await page.keyboard.press("Tab");
    await expect(site.searchBox).toBeFocused();
    await expect(site.menuButton).toHaveAttribute("aria-expanded", "false");
    await expect(site.mainNavigation.getByRole("link", { name: "Films", exact: true })).toBeHidden();
  });

  test("an opened menu link navigates", async ({ site, page, baseURL }) => {
    await site.visit("/");
    await site.menuButton.click();
    await site.mainNavigation.getByRole("link", { name: "Films", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/films/`);
    await expect(site.heading).toHaveText("Films");
  });
});

test("on a desktop viewport the navigation shows without a menu button", async ({ site }) => {
  await site.goto("/");
  await expect(site.menuButton).toBeHidden();
  await expect(site.mainNavigation.getByRole("link", { name: "Films", exact: true })).toBeVisible();
  await expect(site.mainNavigation.getByRole("link", { name: "Infos pratiques" })).toBeVisible();
});

describeOnPhone("the film page's day strip on a phone (390×844)", () => {
  test("each day reached with the arrow keys is scrolled wholly into the strip, focus ring included", async ({
    site,
    page,
  }) => {
    await site.visit(filmPathOf(1000021001));
    const days = site.main.getByRole("group", { name: "Jour" });
    // In the evening today's shows are over: its day is a disabled radio, which the arrow keys
    // skip and nothing can focus. The days walked are the ones with shows.
    const radios = days.getByRole("radio", { disabled: false });
    const count = await radios.count();
    expect(count, "the sample programme has more days than a phone shows").toBeGreaterThan(4);
    await radios.first().focus();
    for (let i = 0; i < count; i += 1) {
      if (i > 0) await page.keyboard.press("ArrowRight");
      const focused = radios.nth(i);
      await expect(focused).toBeFocused();
      // The chip (the radio's label) with its 3 px ring at a 2 px offset, inside the strip's box.
      await expect
        .poll(() =>
          focused.evaluate((radio) => {
            const chip = radio.closest("label")!.getBoundingClientRect();
            const strip = radio.closest(".chips")!.getBoundingClientRect();
            return chip.left - 5 >= strip.left - 0.5 && chip.right + 5 <= strip.right + 0.5;
          }),
        )
        .toBe(true);
    }
  });
});
