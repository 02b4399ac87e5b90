import { expect, test } from "./fixtures";
import { holdNextAnswer, receivedCalls } from "./fixtures/members";
import {
  REFRESH_COOKIE,
  ageStoredTokens,
  cookieNamed,
  expectNothingReadable,
  expectNoAnswerCarried,
  expectSignedOutInBrowser,
  newMemberUnderWatch,
  refreshAtProvider,
  refreshWith,
} from "./fixtures/member-tokens";

const REFRESH_ROUTE = "/Member/v3/RefreshLogin";

// Issue 20 on the French site (loyalty v3): after sign-in, no script on the page can read the
// refresh token or the member's personal data; refresh and sign-out still work, through the
// server's HttpOnly cookie.
test("v3: the refresh token stays in an HttpOnly cookie; storage keeps nothing personal; refresh and sign-out work", async ({
  account,
  page,
  request,
}) => {
  const { email, personal, answers } = await newMemberUnderWatch(page, request, {
    firstName: "Zéphyrine",
    lastName: "Jetonnière",
  });

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

  expectNoAnswerCarried(answers, [first, second]);

  await account.login.accountMenu.click();
  await account.login.header.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(account.login.memberAccess).toBeVisible();
  await expectSignedOutInBrowser(page);
  // The session ended at the provider: its refresh token no longer works.
  expect((await refreshWith(request, "/Member/v3/RefreshLogin", second)).body.peachCode).not.toBe(0);
});

// A start-up refresh whose page is left before its answer: the provider has rotated the pair, the
// browser never got the new cookie. The next page refreshes with the old cookie and must get the
// new pair through the server (src/server/refresh-replay.ts), not sign the member out.
test("v3: a page left while its start-up refresh was answering keeps the member signed in", async ({
  account,
  page,
  request,
}) => {
  await account.signInAsNewMember(request, { firstName: "Aurèle", lastName: "Quittepage" });
  const first = (await cookieNamed(page, REFRESH_COOKIE))?.value;
  expect(first).toBeTruthy();

  await ageStoredTokens(page);
  const { last } = await receivedCalls(request, REFRESH_ROUTE);
  // The provider refreshes at once but answers only after 4 s.
  await holdNextAnswer(request, REFRESH_ROUTE, 4_000);
  await page.goto("/");
  // At least one: the sandbox's log is shared, and a test running beside this one may refresh too.
  await expect
    .poll(async () => (await receivedCalls(request, REFRESH_ROUTE, last)).calls.length)
    .toBeGreaterThanOrEqual(1);
  // Left mid-answer: this page's refresh is cut off, its Set-Cookie never arrives.
  await account.profile.open();

  await expect.poll(async () => (await cookieNamed(page, REFRESH_COOKIE))?.value, { timeout: 15_000 }).not.toBe(first);
  await expect(account.profile.firstName).toHaveValue("Aurèle");
  await expect(account.login.accountMenu).toBeVisible();
  // The pair the browser holds now is one the provider issued after the held answer.
  expect((await receivedCalls(request, REFRESH_ROUTE, last)).calls.length).toBeGreaterThanOrEqual(1);
});
