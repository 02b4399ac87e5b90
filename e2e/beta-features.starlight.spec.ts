import { expect, test } from "./fixtures";

// Spec §6 beta viewer: the US circuit turns betaFeaturesEnabled on (site-config/starlight).
test("beta features on: a film page offers 'Share this film', which copies the film's address", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/films/");
  const main = page.getByRole("main");
  await main.getByRole("listitem").getByRole("heading", { level: 2 }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/films\/\d+-[^/]+\/$/);
  const title = (await main.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const share = main.getByRole("button", { name: `Share this film: ${title}` });
  await expect(share).toHaveText(/Share this film/);
  await share.click();
  // Chromium on Linux has no share sheet: the link goes to the clipboard.
  await expect(main.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(page.url()).origin + new URL(page.url()).pathname);
});
