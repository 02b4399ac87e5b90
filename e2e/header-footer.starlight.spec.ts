import { describeOnPhone, expect, test } from "./fixtures";

// Starlight hides its footer's link groups on phones (footerMobileLinks false). What only the footer
// links to ("The Lab", the privacy policy) is then reached from the phone menu, and the footer links
// the privacy policy once wherever it shows.

describeOnPhone("on a phone (390×844)", () => {
  test("the menu lists the footer's links the header lacks, above the search box, in the keyboard's order", async ({
    site,
    page,
  }) => {
    await site.visit("/");
    const navigation = page.getByRole("navigation", { name: "Main navigation" });
    const search = site.header.getByRole("combobox", { name: "Search movies" });
    const menuButton = site.header.getByRole("button", { name: "Menu" });
    await menuButton.click();
    const links = navigation.getByRole("link");
    await expect(links).toHaveText(["Movies", "Showtimes", "Theaters", "About", "Privacy Policy", "The Lab"]);
    for (const link of await links.all()) await expect(link).toBeVisible();
    // Drawn in the order Tab reaches them: the links, then (after the theater picker) the search box.
    const lastLink = (await links.last().boundingBox())!;
    const searchBox = (await search.boundingBox())!;
    expect(lastLink.y + lastLink.height).toBeLessThanOrEqual(searchBox.y);

    await links.filter({ hasText: "The Lab" }).click();
    await expect(page).toHaveURL(/\/lab\/$/);
    await expect(site.heading).toHaveText("The Lab");
  });

  test("the footer's groups are hidden; its copyright line links the privacy policy", async ({ site, page }) => {
    await site.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("navigation", { name: "Footer navigation" })).toBeHidden();
    const privacy = footer.getByRole("link", { name: "Privacy policy", exact: true });
    await expect(privacy).toBeVisible();
    await expect(privacy).toHaveAttribute("href", "/privacy-policy/");
  });
});

test("on a desktop the menu has only the header's links, and the footer links the privacy policy once", async ({
  site,
  page,
}) => {
  await site.goto("/");
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  await expect(navigation.getByRole("link", { name: "The Lab" })).toBeHidden();
  await expect(navigation.getByRole("link", { name: "Movies" })).toBeVisible();
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "The Lab" })).toBeVisible();
  const visiblePrivacy = footer.getByRole("link", { name: /^Privacy/ }).filter({ visible: true });
  await expect(visiblePrivacy).toHaveCount(1);
  await expect(visiblePrivacy).toHaveText("Privacy Policy");
});

test("the logo's plate follows the site's content roundness: square on a NONE site (spec §3)", async ({ site }) => {
  await site.goto("/");
  const plate = site.header.locator(".logo").first();
  await expect(plate).toBeVisible();
  await expect(plate).toHaveCSS("border-top-left-radius", "0px");
});
