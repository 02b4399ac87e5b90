import { expect, test } from "./fixtures";
import { freshEmail, nameAtProvider } from "./fixtures/members";
import { SANDBOX_URL } from "./variants";

// Spec §4 "Paid-membership activation" on the US site, which sells memberships (includeActivation):
// registering runs the membership list → activate on complete → add membership → complete payment
// steps against the sandbox provider, and the new member ends up signed in. This site's server
// verifies captcha tokens (the stand-in's siteverify): the step that creates the account carries
// one of the sign-up action, the sign-in one of its own (issue 43).
test("the sign-up tab registers through the paid activation and signs the member in", async ({
  site,
  page,
  request,
}) => {
  const verifications = async () =>
    (
      (await (await request.get(`${SANDBOX_URL}/__recaptcha/verifications`)).json()) as {
        verifications: { success: boolean; action: string }[];
      }
    ).verifications;
  const before = (await verifications()).length;
  await site.visit("/sign-in/");
  await site.main.getByRole("tab", { name: "Join Starlight Rewards" }).click();
  const form = site.main.getByRole("tabpanel");
  const email = freshEmail("activation");
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("Starlight-2026");
  await form.getByLabel("First name").fill("Jordan");
  // Typed key by key: the apostrophe of a name is kept, as ’ (issue 46).
  await form.getByLabel("Last name").pressSequentially("O'Brien");
  await expect(form.getByLabel("Last name")).toHaveValue("O\u2019Brien");
  await form.getByLabel("Mobile number").fill("(201) 555-0123");
  // Required before anything is sent (issue 46); it links the site's privacy policy.
  await expect(form.getByRole("link", { name: "Read the privacy policy" })).toHaveAttribute("href", "/privacy-policy/");
  await form.getByRole("checkbox", { name: /^I have read the privacy policy/ }).check();
  // The optional activation fields are offered where the site says so.
  await expect(form.getByLabel("Loyalty card number (optional)")).toBeVisible();
  await expect(form.getByLabel("Phone number on file (optional)")).toBeVisible();
  const activation = page.waitForRequest(
    (r) => r.url().endsWith("/api/cypher") && /CompletePayment/.test(r.postData() ?? ""),
  );
  await form.getByRole("button", { name: "Create my account" }).click();
  await activation;
  // Signed in, the new member is welcomed on the account's overview (issue 46). This site's
  // provider (v1) keeps no favourites: the next steps are what every member has.
  await expect(page).toHaveURL(/\/account\/$/);
  const welcome = site.main.getByRole("region", { name: "Welcome to the club, Jordan!" });
  await expect(welcome.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(welcome.getByRole("link")).toHaveText(["See what's on", "Discover the rewards"]);
  await expect(site.main.getByRole("heading", { level: 1 })).toHaveText("My account");
  expect(await nameAtProvider(request, email, "Starlight-2026")).toEqual({
    firstName: "Jordan",
    lastName: "O\u2019Brien",
  });
  await expect(site.header.getByRole("button", { name: "My Starlight" })).toBeVisible();
  const added = (await verifications()).slice(before);
  expect(added).toContainEqual(expect.objectContaining({ success: true, action: "signup" }));
  expect(added).toContainEqual(expect.objectContaining({ success: true, action: "login" }));
});
