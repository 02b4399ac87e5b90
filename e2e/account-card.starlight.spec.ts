import { expect, test } from "./fixtures";
import { axeViolations } from "./fixtures/axe";
import { DEMO_PASSWORD, createMember } from "./fixtures/members";
import { scannedBarcode } from "./fixtures/barcode";

// Issue 46 on the US circuit (loyalty v1, a dark theme): a card the member adds shows at once as
// the Code 128 barcode a till scans, named with its number, black on white whatever the theme.
test("a card added on the cards page is shown as a barcode that scans, named with its number", async ({
  page,
  site,
  request,
}) => {
  const { email } = await createMember(request, { firstName: "Jordan", lastName: "Card" });
  await site.visit("/");
  await site.hydrated();
  await site.header.getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(site.header.getByRole("button", { name: "My Starlight" })).toBeVisible();

  await site.visit("/account/cards/");
  const main = page.getByRole("main");
  await main.getByLabel("Card number").fill("SL0000000042");
  await main.getByRole("button", { name: "Add the card", exact: true }).click();
  const barcode = main.getByRole("region", { name: "My cards" }).getByRole("img", { name: "Card SL0000000042" });
  await expect(barcode).toBeVisible();
  expect(await scannedBarcode(barcode)).toBe("SL0000000042");
  // Black bars on a white ground, whatever the site's colours.
  expect(await barcode.locator("rect").first().getAttribute("fill")).toBe("#fff");
  expect(await axeViolations(page)).toEqual([]);
});
