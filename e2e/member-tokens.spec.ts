import { expect, test } from "./fixtures";
import { createMember } from "./fixtures/members";
import {
  REFRESH_COOKIE,
  ageStoredTokens,
  cookieNamed,
  expectNothingReadable,
  recordMemberAnswers,
  refreshAtProvider,
  refreshWith,
} from "./fixtures/member-tokens";

// Issue 20 on the French site (loyalty v3): after sign-in, no script on the page can read the
// refresh token or the member's personal data; refresh and sign-out still work, through the
// server's HttpOnly cookie.
test("v3: the refresh token stays in an HttpOnly cookie; storage keeps nothing personal; refresh and sign-out work", async ({
  account,
  page,
  request,
}) => {
  const { email } = await createMember(request, { firstName: "Zéphyrine", lastName: "Jetonnière" });
  const personal = [email, "Zéphyrine", "Jetonnière", "612345678"];
  const answers = recordMemberAnswers(page);

  await account.signIn(email);
  const first = await expectNothingReadable(page, personal);
  const firstSession = (await cookieNamed(page, "clubToken"))?.value;

  // Back later: the stored pair is an hour old, so the page refreshes it at start (spec §4), with
  // the cookie's token, and reads the member again for the screens.
  await ageStoredTokens(page);
  await account.profile.open();
  await expect
    .poll(async () => (await cookieNamed(page, "clubToken"))?.value, { timeout: 10_000 })
    .not.toBe(firstSession);
  await expect(account.profile.firstName).toHaveValue("Zéphyrine");
  await expect(account.login.accountMenu).toBeVisible();
  const second = await expectNothingReadable(page, personal);
  expect(second).not.toBe(first);
  // The provider dropped the first pair when it issued the second; the proxy, for a short while,
  // answers the first with the second again (a page left mid-refresh keeps the first).
  expect((await refreshAtProvider(request, "/Member/v3/RefreshLogin", first)).peachCode).not.toBe(0);
  expect((await refreshWith(request, "/Member/v3/RefreshLogin", first)).kept).toBe(second);

  for (const body of answers) {
    expect(body).not.toContain(first);
    expect(body).not.toContain(second);
  }

  await account.login.accountMenu.click();
  await account.login.header.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(account.login.memberAccess).toBeVisible();
  await expect.poll(async () => cookieNamed(page, REFRESH_COOKIE)).toBeUndefined();
  expect(await cookieNamed(page, "clubToken")).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem("memberSession"))).toBeNull();
  // The session ended at the provider: its refresh token no longer works.
  expect((await refreshWith(request, "/Member/v3/RefreshLogin", second)).body.peachCode).not.toBe(0);
});
