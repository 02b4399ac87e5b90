import { expect, test } from "./fixtures";
import { DEMO_PASSWORD } from "./fixtures/members";
import {
  ageStoredTokens,
  cookieNamed,
  expectNothingReadable,
  expectNoAnswerCarried,
  expectSignedOutInBrowser,
  newMemberUnderWatch,
  refreshAtProvider,
  refreshWith,
} from "./fixtures/member-tokens";

// Issue 20 on the US circuit (loyalty v1): the same rules as the French site's v3 session.
test("v1: the refresh token stays in an HttpOnly cookie; storage keeps nothing personal; refresh and sign-out work", async ({
  page,
  site,
  request,
}) => {
  const { email, personal, answers } = await newMemberUnderWatch(page, request, {
    firstName: "Wilhelmina",
    lastName: "Tokenless",
  });
  const header = page.getByRole("banner");
  const account = header.getByRole("button", { name: "My Starlight" });

  await page.goto("/");
  await site.hydrated();
  await header.getByRole("button", { name: "Sign in" }).click();
  const dialog = page.locator("#modal-root").getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(account).toBeVisible();
  const first = await expectNothingReadable(page, personal);
  const firstSession = (await cookieNamed(page, "clubToken"))?.value;

  // Back later: the v1 refresh at start (RefreshLogin with the cookie's token) gives a new pair.
  await ageStoredTokens(page);
  await page.reload();
  await site.hydrated();
  await expect
    .poll(async () => (await cookieNamed(page, "clubToken"))?.value, { timeout: 10_000 })
    .not.toBe(firstSession);
  await expect(account).toBeVisible();
  const second = await expectNothingReadable(page, personal);
  expect(second).not.toBe(first);
  // The provider dropped the first pair; the proxy, for a short while, answers it with the second.
  const stale = await refreshAtProvider(request, "/Member/RefreshLogin?circuitId=STARLIGHT", first);
  expect(stale.statusCode === 0 || stale.statusCode === 200).toBe(false);
  expect((await refreshWith(request, "/Member/RefreshLogin?circuitId=STARLIGHT", first)).kept).toBe(second);

  expectNoAnswerCarried(answers, [first, second]);

  await account.click();
  await header.getByRole("button", { name: "Sign out" }).click();
  await expect(header.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expectSignedOutInBrowser(page);
});
