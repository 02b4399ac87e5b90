import { expect, test } from "./fixtures";
import { createMember, DEMO_PASSWORD, sessionTokenAtProvider } from "./fixtures/members";

// Issue 43 on the US site (loyalty v1, English): a member signed in who opens a link carrying
// another member's token is asked first; accepting signs the other member in by token (v1
// LoginByToken, a session of the site's own). French wording and the other answers:
// member-continue-as.spec.ts.
test("a ?token= link while another member is signed in asks in English; accepting switches", async ({
  page,
  site,
  request,
}) => {
  const first = await createMember(request, { firstName: "Wendy", lastName: "Firstly" });
  const second = await createMember(request, { firstName: "Oscar", lastName: "Secondly" });
  await site.visit("/sign-in/");
  await site.main.getByLabel("E-mail address").fill(first.email);
  await site.main.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await site.main.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  const token = await sessionTokenAtProvider(request, second.email);

  await site.visit(`/?token=${encodeURIComponent(token)}`);
  const question = site.modalRoot.getByRole("alertdialog", { name: "Continue as Oscar Secondly?" });
  await expect(question).toContainText("You are currently signed in as Wendy Firstly.");
  await expect(question.getByRole("button", { name: "Stay signed in as Wendy Firstly" })).toBeFocused();
  await question.getByRole("button", { name: "Continue as Oscar Secondly" }).click();
  await expect(question).toHaveCount(0);
  const account = site.header.getByRole("button", { name: "My Starlight" });
  await account.click();
  await expect(site.header.getByText("Signed in as Oscar Secondly")).toBeVisible();
});
