import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, receivedCalls as received, type ReceivedCalls } from "./fixtures/members";
import { SANDBOX_URL } from "./variants";

// Spec §4 provider overrides on a circuit: with a v3 provider such as TAPOS, every member call
// carries the cinema id of the theater the visitor is at, not the circuit's first theater. What
// reaches the provider is read back from the sandbox's own log of the calls it received.
const cinemaIdsOf = (answer: ReceivedCalls) =>
  answer.calls.map((call) => new URL(call.url, SANDBOX_URL).searchParams.get("CypherCinemaId"));

test("on the US circuit with a v3 provider, sign-in and sign-out carry the current theater's cinema id", async ({
  page,
  site,
  request,
}) => {
  const { last: start } = await received(request);
  // Riverside (SL002): the page's own theater, whatever the circuit's configured default (SL001).
  await page.goto("/theaters/riverside/");
  await site.hydrated();
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("E-mail address").fill("active.v3@example.com");
  await dialog.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(header.getByRole("button", { name: "My Starlight" })).toBeVisible();
  const logins = await received(request, "/Member/v3/Login", start);
  expect(cinemaIdsOf(logins)).toEqual(["SL002"]);

  // North Lamar (SL003): the same member, now at another theater of the circuit.
  await page.goto("/theaters/north-lamar/");
  await site.hydrated();
  await header.getByRole("button", { name: "My Starlight" }).click();
  await header
    .getByRole("menuitem", { name: "Sign out" })
    .or(header.getByRole("button", { name: "Sign out" }))
    .click();
  await expect(header.getByRole("button", { name: "Sign in" })).toBeVisible();
  const logouts = await received(request, "/Member/v3/Logout", logins.last);
  expect(cinemaIdsOf(logouts)).toEqual(["SL003"]);
});
