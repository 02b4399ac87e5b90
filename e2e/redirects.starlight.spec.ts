import { expect, test } from "./fixtures";

// The US circuit's settings.json has one redirect row: /showtimes → /films/, ignoring case.
test("the client-side redirect table sends /SHOWTIMES to the film list", async ({ page, baseURL, consoleGuard }) => {
  consoleGuard.expectFailedResponse(/\/SHOWTIMES/, {
    status: 404,
    reason: "not a page: the redirect table answers it in the browser",
  });
  await page.goto("/SHOWTIMES/?utm_source=flyer");
  await expect(page).toHaveURL(`${baseURL}/films/?utm_source=flyer`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Movies");
});
