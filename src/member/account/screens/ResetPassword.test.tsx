// The reset page against the sandbox provider through the real proxy: from the forgotten-password
// screen's request to the e-mailed link, a new password, and a sign-in with it.
import { act, screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { createMember } from "../../provider/api/members";
import ForgotPassword from "./ForgotPassword";
import ResetPassword from "./ResetPassword";
import {
  DEMO_PASSWORD,
  enter,
  renderRecorded,
  renderScreen,
  type RenderScreenOptions,
  sandboxClient,
  sandboxLog,
  type SiteId,
  siteRuntime,
  withSandboxProvider,
} from "../../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

const sandbox = withSandboxProvider();
const NEW_PASSWORD = "Nouveau-2027?";
let counter = 0;

/** A member of its own per test, so changing the password touches nobody else. */
async function registered(siteId: SiteId): Promise<{ email: string; memberId: string }> {
  const email = `reset.${siteId}.${Date.now()}.${(counter += 1)}@example.com`;
  const runtime = await siteRuntime(siteId);
  const created = await createMember(
    sandboxClient(runtime.loyalty),
    runtime.loyalty,
    { email, password: DEMO_PASSWORD, firstName: "Rita", lastName: "Reset", mobileNumber: "+33612345678" },
    null,
  );
  if (!created.ok) throw new Error(`could not register ${email}: ${JSON.stringify(created.failure)}`);
  return { email, memberId: created.value.memberId };
}

/** The link the provider would have e-mailed, as path and query on this site. */
function mailedLink(email: string): string {
  const prefix = `[loyalty sandbox] reset link for ${email}: `;
  const line = [...sandboxLog()].reverse().find((entry) => entry.startsWith(prefix));
  if (!line) throw new Error(`no reset link logged for ${email}`);
  const link = new URL(line.slice(prefix.length));
  return `${link.pathname}${link.search}`;
}

/** What the forgotten-password screen reads, per site: its e-mail field, its send button, and its status line once the link went. */
const FORGOT = {
  lumiere: {
    email: "Adresse e-mail",
    send: "M'envoyer un lien de réinitialisation",
    sent: /^Si un compte existe pour /,
  },
  starlight: {
    email: "E-mail address",
    send: "Send me a reset link",
    sent: /^If an account exists for .*, we have sent it a link/,
  },
} as const;

/** Asks for a reset link for `email` on the forgotten-password screen, then leaves it. */
async function askForResetLink(
  siteId: SiteId,
  email: string,
  options: Omit<RenderScreenOptions, "siteId"> = {},
): Promise<void> {
  const text = FORGOT[siteId];
  const forgot = await renderScreen(<ForgotPassword />, { siteId, ...options });
  await enter(forgot.user, screen.getAllByLabelText(text.email)[0]!, email);
  await forgot.user.click(screen.getByRole("button", { name: text.send }));
  // Each of the screen's forms has its status line: wait for the reset form's to say the link went.
  await screen.findByText(text.sent);
  forgot.unmount();
}

const FR = {
  password: "Nouveau mot de passe",
  confirm: "Confirmez le nouveau mot de passe",
  submit: "Enregistrer mon nouveau mot de passe",
};
const US = { password: "New password", confirm: "Confirm the new password", submit: "Save my new password" };

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: true, selector: "input" });
}

async function choose(user: UserEvent, labels: typeof FR, password: string, confirm = password) {
  await enter(user, field(labels.password), password);
  await enter(user, field(labels.confirm), confirm);
  await user.click(screen.getByRole("button", { name: labels.submit }));
}

describe("reset on the French site (v3, BOOST_POS)", () => {
  it("forgot password → the e-mailed link → a new password → sign in with it", async () => {
    const { email } = await registered("lumiere");
    await askForResetLink("lumiere", email, { url: "/account/forgot-password/" });
    const link = mailedLink(email);
    expect(link).toBe(`/account/reset-password/?resetCode=${sandbox().lastResetCode(email)}`);

    const { user, session, recorder } = await renderRecorded(<ResetPassword />, { siteId: "lumiere", url: link });
    await choose(user, FR, NEW_PASSWORD);
    expect(await screen.findByRole("status")).toHaveTextContent("Votre mot de passe a été changé.");
    expect(screen.getByRole("link", { name: "Se connecter" })).toHaveAttribute(
      "href",
      "/connexion/?next=%2Faccount%2F",
    );
    // Version 3 posts straight away, without a code check; membershipId is not known from this link.
    expect(recorder.paths()).toEqual(["/Member/v3/ResetPassword"]);
    expect(recorder.sent[0]?.body).toEqual({
      password: NEW_PASSWORD,
      resetCode: sandbox().lastResetCode(email),
      membershipId: "",
    });

    expect(await act(() => session().login(email, DEMO_PASSWORD))).toEqual({
      ok: false,
      failure: expect.objectContaining({ code: 31 }),
    });
    expect(await act(() => session().login(email, NEW_PASSWORD))).toEqual({ ok: true });
    expect(session().member?.email).toBe(email);
  });

  it("an invalid code answers code 57's message in a focused alert, with a way to ask for a new link", async () => {
    const { user } = await renderScreen(<ResetPassword />, {
      siteId: "lumiere",
      url: "/account/reset-password/?resetCode=NOT-A-CODE",
    });
    await choose(user, FR, NEW_PASSWORD);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Code de réinitialisation invalide (Code : 57)");
    expect(alert).toHaveFocus();
    expect(screen.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute(
      "href",
      "/account/forgot-password/",
    );
    expect(field(FR.password)).toHaveValue(NEW_PASSWORD);
  });

  it("checks the BOOST_POS rules and the confirmation before sending", async () => {
    const { user, recorder } = await renderRecorded(<ResetPassword />, {
      siteId: "lumiere",
      url: "/account/reset-password/?resetCode=ABC",
    });
    await choose(user, FR, "toutpetit", "toutpetit");
    expect(field(FR.password)).toHaveFocus();
    expect(field(FR.password)).toHaveAccessibleDescription(
      /Il manque encore à votre mot de passe : 1 lettre majuscule, 1 chiffre et 1 caractère spécial/,
    );

    await user.clear(field(FR.password));
    await user.clear(field(FR.confirm));
    await choose(user, FR, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(field(FR.confirm)).toHaveFocus();
    expect(field(FR.confirm)).toHaveAccessibleDescription("Les deux mots de passe ne sont pas identiques");
    expect(field(FR.confirm)).toHaveAttribute("aria-invalid", "true");
    expect(recorder.paths()).toEqual([]);
  });

  it("a link without its code says it is incomplete and links to a new request", async () => {
    await renderScreen(<ResetPassword />, {
      siteId: "lumiere",
      url: "/account/reset-password/?resetCode=%7BresetCode%7D",
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Ce lien de réinitialisation est incomplet. Veuillez en demander un nouveau.",
    );
    expect(screen.getByRole("link", { name: "Demander un nouveau lien" })).toHaveAttribute(
      "href",
      "/account/forgot-password/",
    );
    expect(screen.queryByRole("button", { name: FR.submit })).toBeNull();
  });

  it("TAPOS: reads uid and token, and posts with membershipId", async () => {
    const { email, memberId } = await registered("lumiere");
    await askForResetLink("lumiere", email, { loyalty: { provider: "TAPOS" } });
    const token = sandbox().lastResetCode(email) ?? "";

    const { user, session, recorder } = await renderRecorded(<ResetPassword />, {
      siteId: "lumiere",
      loyalty: { provider: "TAPOS" },
      url: `/account/reset-password/?uid=${memberId}&token=${token}`,
    });
    // TAPOS's rules are the length only.
    expect(screen.getByRole("list").querySelectorAll("li")).toHaveLength(1);
    await choose(user, FR, "simplelong");
    expect(await screen.findByRole("status")).toHaveTextContent("Votre mot de passe a été changé.");
    expect(recorder.sent[0]?.body).toEqual({ password: "simplelong", resetCode: token, membershipId: memberId });
    expect(await act(() => session().login(email, "simplelong"))).toEqual({ ok: true });
  });
});

describe("reset on the US site (v1, provider NONE)", () => {
  it("checks the code first, then posts; the new password signs in", async () => {
    const { email } = await registered("starlight");
    await askForResetLink("starlight", email);
    const link = mailedLink(email);
    expect(link).toBe(
      `/account/reset-password/?email=${encodeURIComponent(email)}&resetCode=${sandbox().lastResetCode(email)}`,
    );

    const { user, session, recorder } = await renderRecorded(<ResetPassword />, { siteId: "starlight", url: link });
    await choose(user, US, "plainpassword");
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your password has been changed. You can now sign in with it.",
    );
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in/?next=%2Faccount%2F");
    expect(recorder.paths()).toEqual(["/Member/ValidatePasswordResetCode", "/Member/ResetPassword"]);
    expect(await act(() => session().login(email, "plainpassword"))).toEqual({ ok: true });
  });

  it("an invalid code is refused by the check (57), before any password is posted", async () => {
    const { user, recorder } = await renderRecorded(<ResetPassword />, {
      siteId: "starlight",
      url: "/account/reset-password/?email=active.v1%40example.com&resetCode=WRONG",
    });
    await choose(user, US, "plainpassword");
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid reset code (Code: 57)");
    expect(recorder.paths()).toEqual(["/Member/ValidatePasswordResetCode"]);
  });

  it("a link without the e-mail is incomplete for a provider whose links carry it", async () => {
    await renderScreen(<ResetPassword />, { siteId: "starlight", url: "/account/reset-password/?resetCode=ABC" });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This password reset link is incomplete. Please ask for a new one.",
    );
  });
});

// Issue 44: the link's values leave the address bar as the page starts (the harness starts each
// screen as gatsby-browser.tsx starts a page), before any third party could read them; the screen
// reads them from the page's history entry, which a reload keeps.
describe("the link's values out of the address bar (issue 44)", () => {
  it("the address keeps only the campaign; the screen still resets with the link's e-mail and code", async () => {
    const { email } = await registered("starlight");
    await askForResetLink("starlight", email);
    const code = sandbox().lastResetCode(email) ?? "";

    const { user, recorder } = await renderRecorded(<ResetPassword />, {
      siteId: "starlight",
      url: `${mailedLink(email)}&utm_source=mail`,
    });
    expect(`${window.location.pathname}${window.location.search}`).toBe("/account/reset-password/?utm_source=mail");
    await choose(user, US, "plainpassword");
    expect(await screen.findByRole("status")).toHaveTextContent("Your password has been changed.");
    // Version 1 checks the link's e-mail and code first, then posts the code with the new password.
    const check = new URLSearchParams(recorder.sent[0]?.route.split("?")[1]);
    expect([check.get("emailAddress"), check.get("resetCode")]).toEqual([email, code]);
    expect(recorder.sent[1]?.body).toMatchObject({ resetCode: code });
  });

  it("a reload of the cleaned page (same history entry) still shows the form and uses the code", async () => {
    const first = await renderScreen(<ResetPassword />, {
      siteId: "lumiere",
      url: "/account/reset-password/?resetCode=NOT-A-CODE&utm_source=mail",
    });
    expect(window.location.search).toBe("?utm_source=mail");
    const kept = {
      url: `${window.location.pathname}${window.location.search}`,
      state: window.history.state as unknown,
    };
    first.unmount();

    const { user, recorder } = await renderRecorded(<ResetPassword />, {
      siteId: "lumiere",
      url: kept.url,
      entryState: kept.state,
    });
    await choose(user, FR, NEW_PASSWORD);
    expect(await screen.findByRole("alert")).toHaveTextContent("Code de réinitialisation invalide (Code : 57)");
    expect(recorder.sent[0]?.body).toMatchObject({ resetCode: "NOT-A-CODE" });
  });

  it("a new visit to the cleaned address (no kept state) says the link is incomplete", async () => {
    await renderScreen(<ResetPassword />, { siteId: "lumiere", url: "/account/reset-password/?utm_source=mail" });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Ce lien de réinitialisation est incomplet. Veuillez en demander un nouveau.",
    );
  });
});
