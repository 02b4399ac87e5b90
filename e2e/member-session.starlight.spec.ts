import { expect, test } from "./fixtures";

// The US circuit (loyalty v1, provider NONE: token parameter "token").
test.describe("member session on the US site (v1)", () => {
  test("sign in from the header, then the ?return= hand-off shows the overlay and navigates with the token", async ({ page, site }) => {
    await page.goto("/");
    // The access button only opens the dialog once React has hydrated the page.
    await site.hydrated();
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.locator("#modal-root").getByRole("dialog", { name: "Sign in" });
    await dialog.getByLabel("E-mail address").fill("active.v1@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("Demo-2026!");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(header.getByRole("button", { name: "My Starlight" })).toBeVisible();

    await page.goto("/?return=/startticketing/SL001");
    const overlay = page.getByRole("dialog", { name: "Taking you to ticketing" });
    await expect(overlay.getByText("You will be redirected in a few seconds...")).toBeVisible();
    await expect(overlay.getByRole("link", { name: "Click here if it does not work" })).toHaveAttribute(
      "href",
      /\/ticketing\/startticketing\/SL001\?token=[A-Za-z0-9_-]+$/,
    );
    // Navigation happens by itself after 5 seconds.
    await expect(page.getByRole("heading", { name: "Sandbox ticketing" })).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('[data-field="method"]')).toHaveText("GET");
    await expect(page.locator('[data-field="member"]')).toHaveText("active.v1@example.com (query parameter token)");
  });

  test("a wrong password shows the English message with its code", async ({ page, site }) => {
    await page.goto("/");
    await site.hydrated();
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByLabel("E-mail address").fill("active.v1@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Incorrect password (Code: 31)");
  });
});
