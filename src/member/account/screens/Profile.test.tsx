// The profile screen against the sandbox provider through the real proxy.
import { screen, waitFor } from "@testing-library/react";
import { withFocusFixup } from "../../../test/focus-fixup";
import {
  memberOnRecord,
  recordingSandboxFetch,
  registeredMember,
  renderRecorded,
  renderScreen,
  retype,
  sandboxClient,
  withSandboxProvider,
} from "../../../test/screen-harness";
import { holdRoute } from "../../../test/held-route";
import Profile from "./Profile";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));
// The page's reCAPTCHA executor: a token named after the action it was minted for.
jest.mock("../../sign-in/captcha", () => jest.requireActual("../../../test/captcha-mock").tokenPerAction());

const sandbox = withSandboxProvider();
withFocusFixup();

const FR = {
  firstName: "Prénom",
  lastName: "Nom",
  email: "Adresse e-mail",
  mobile: "Numéro de mobile",
  birthDate: "Date de naissance (facultatif)",
  save: "Enregistrer mes informations",
};

describe("profile on the French site (v3)", () => {
  it("shows the member's details in the form", async () => {
    await renderScreen(<Profile />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    expect(screen.getByLabelText(FR.firstName)).toHaveValue("Ada");
    expect(screen.getByLabelText(FR.lastName)).toHaveValue("Active");
    expect(screen.getByLabelText(FR.email)).toHaveValue("active.v3@example.com");
    expect(screen.getByLabelText(FR.mobile)).toHaveValue("+33612345601");
    expect(screen.getByLabelText(FR.birthDate)).toHaveValue("1990-04-12");
  });

  it("an edit persists: a fresh read of the member shows it, and the session's member follows", async () => {
    const email = await registeredMember("lumiere");
    const { user, session, recorder } = await renderRecorded(<Profile />, { siteId: "lumiere", signedInAs: email });
    const firstName = screen.getByLabelText(FR.firstName);
    await retype(user, firstName, "Zoé");
    const mobile = screen.getByLabelText(FR.mobile);
    await retype(user, mobile, "07 81 23 45 67");
    await user.type(screen.getByLabelText(FR.birthDate), "1988-03-09");
    await user.click(screen.getByRole("button", { name: FR.save }));

    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Vos informations ont été enregistrées."));
    // The form shows what was saved, as saved.
    expect(mobile).toHaveValue("+33781234567");
    expect(await memberOnRecord("lumiere", email)).toMatchObject({
      firstName: "Zoé",
      lastName: "Test",
      mobilePhone: "+33781234567",
      birthDate: "1988-03-09",
      email,
    });
    await waitFor(() => expect(session().member).toMatchObject({ firstName: "Zoé", mobilePhone: "+33781234567" }));
    const edit = recorder.sent.find((call) => call.route.startsWith("/Member/v3/Edit"));
    expect(edit?.body).toMatchObject({
      firstName: "Zoé",
      lastName: "Test",
      email,
      mobilePhone: "+33781234567",
      birthDate: "1988-03-09",
    });
    // The member has a username: no member search follows.
    expect(recorder.paths().some((path) => path.startsWith("/Member/MemberSearch/"))).toBe(false);
  });

  it("saved with the keyboard: the focus stays on the button while saving and after, a second Enter sends nothing, the status line says it", async () => {
    const email = await registeredMember("lumiere");
    const recorder = recordingSandboxFetch();
    const edit = holdRoute("/Member/v3/Edit", recorder.fetchImpl);
    const { user } = await renderScreen(<Profile />, {
      siteId: "lumiere",
      signedInAs: email,
      client: (config) => sandboxClient(config, edit.fetchImpl),
    });
    // The status line is in the page before it has anything to say, so its news is announced.
    const status = screen.getByRole("status");
    expect(status).toBeEmptyDOMElement();
    const firstName = screen.getByLabelText(FR.firstName);
    await retype(user, firstName, "Zoé");
    const save = screen.getByRole("button", { name: FR.save });
    save.focus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(edit.sent()).toBe(1));
    expect(save).toHaveAccessibleName("Enregistrement…");
    expect(save).toHaveAttribute("aria-disabled", "true");
    expect(document.activeElement).toBe(save);
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    edit.release();

    await waitFor(() => expect(status).toHaveTextContent("Vos informations ont été enregistrées."));
    expect(screen.getByRole("status")).toBe(status);
    expect(document.activeElement).toBe(save);
    expect(save).toHaveAccessibleName(FR.save);
    expect(edit.sent()).toBe(1);
    expect(recorder.paths().filter((path) => path.startsWith("/Member/v3/Edit"))).toHaveLength(1);
  });

  it("a failed save keeps what the member typed and says why in a focused alert (code 34)", async () => {
    const email = await registeredMember("lumiere");
    const { user } = await renderScreen(<Profile />, { siteId: "lumiere", signedInAs: email });
    const firstName = screen.getByLabelText(FR.firstName);
    await retype(user, firstName, "Maëlle");
    const address = screen.getByLabelText(FR.email);
    await retype(user, address, "active.v1@example.com");
    await user.click(screen.getByRole("button", { name: FR.save }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cette adresse e-mail est déjà associée à un membre (Code : 34)");
    expect(alert).toHaveFocus();
    expect(firstName).toHaveValue("Maëlle");
    expect(address).toHaveValue("active.v1@example.com");
    expect(await memberOnRecord("lumiere", email)).toMatchObject({ firstName: "Camille", email });
  });

  it("a provider that fails keeps the typed values too", async () => {
    const email = await registeredMember("lumiere");
    const { user } = await renderScreen(<Profile />, { siteId: "lumiere", signedInAs: email });
    const lastName = screen.getByLabelText(FR.lastName);
    await retype(user, lastName, "Nouveau");
    sandbox().forceNextError("/Member/v3/Edit", 1);
    await user.click(screen.getByRole("button", { name: FR.save }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Vos informations n'ont pas pu être enregistrées. Veuillez réessayer.",
    );
    expect(lastName).toHaveValue("Nouveau");
  });

  it("checks the fields before sending: errors tied to their field, focus on the first", async () => {
    const email = await registeredMember("lumiere");
    const { user, recorder } = await renderRecorded(<Profile />, { siteId: "lumiere", signedInAs: email });
    const sentBefore = recorder.sent.length;
    const mobile = screen.getByLabelText(FR.mobile);
    await retype(user, mobile, "+1 201 555 0123");
    const address = screen.getByLabelText(FR.email);
    await retype(user, address, "camille@");
    await user.click(screen.getByRole("button", { name: FR.save }));

    expect(address).toHaveFocus();
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(address).toHaveAccessibleDescription("Saisissez une adresse e-mail valide, par exemple nom@exemple.fr");
    expect(mobile).toHaveAccessibleDescription("Ce numéro de téléphone n'est pas valide (France)");
    expect(recorder.sent.length).toBe(sentBefore);

    await user.clear(mobile);
    await user.click(screen.getByRole("button", { name: FR.save }));
    expect(mobile).toHaveAccessibleDescription("Saisissez un numéro de mobile");
  });

  it("markup characters never reach the fields (spec §5); a name's apostrophe stays, as ’ (issue 46)", async () => {
    const email = await registeredMember("lumiere");
    const { user } = await renderScreen(<Profile />, { siteId: "lumiere", signedInAs: email });
    const lastName = screen.getByLabelText(FR.lastName);
    await retype(user, lastName, `<b>O"Brien&</b>`);
    expect(lastName).toHaveValue("bOBrien/b");
    await retype(user, lastName, "O'Brien");
    expect(lastName).toHaveValue("O\u2019Brien");
  });
});

describe("profile on the US site (v1)", () => {
  it("saves through the v1 Edit route with a US number", async () => {
    const email = await registeredMember("starlight", { mobileNumber: "+12015550123" });
    const { user, recorder } = await renderRecorded(<Profile />, { siteId: "starlight", signedInAs: email });
    const mobile = screen.getByLabelText("Mobile number");
    await retype(user, mobile, "(312) 555-0199");
    await user.click(screen.getByRole("button", { name: "Save my details" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your details have been saved."));
    expect(recorder.paths()).toContain("/Member/Edit");
    expect(await memberOnRecord("starlight", email)).toMatchObject({ mobilePhone: "+13125550199" });
  });

  it("a member without a username gets one after saving (spec §4 member-search follow-up)", async () => {
    const { user, session, recorder } = await renderRecorded(<Profile />, {
      siteId: "starlight",
      signedInAs: "active.v1@example.com",
    });
    expect(session().member?.hasUserName).toBe(false);
    // Victor's stored number is French; on the US site it must be a US one.
    const mobile = screen.getByLabelText("Mobile number");
    await retype(user, mobile, "201-555-0123");
    await user.click(screen.getByRole("button", { name: "Save my details" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your details have been saved."));
    expect(recorder.paths()).toEqual(expect.arrayContaining(["/Member/Edit", "/Member/MemberSearch/STARLIGHT"]));
    // The search carries a captcha token of its own action (issue 43).
    expect(recorder.sent.find(({ path }) => path === "/Member/MemberSearch/STARLIGHT")?.metadata).toMatchObject({
      "g-recaptcha-response": "token-for-member_search",
    });
    const record = await memberOnRecord("starlight", "active.v1@example.com");
    expect(record).toMatchObject({ username: "active.v1@example.com", hasUserName: true, mobilePhone: "+12015550123" });
    await waitFor(() => expect(session().member?.hasUserName).toBe(true));
  });
});
