// The forgotten password / username screen against the sandbox provider through the real proxy.
import { screen, waitFor, within } from "@testing-library/react";
import { withFocusFixup } from "../../../test/focus-fixup";
import ForgotPassword from "./ForgotPassword";
import { renderRecorded, renderScreen, retype, sandboxLog, withSandboxProvider } from "../../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));
// The page's reCAPTCHA executor: a token named after the action it was minted for.
jest.mock("../../sign-in/captcha", () => jest.requireActual("../../../test/captcha-mock").tokenPerAction());

const sandbox = withSandboxProvider();
withFocusFixup();

function region(name: string): HTMLElement {
  return screen.getByRole("region", { name });
}

describe("forgotten password on the French site (v3, BOOST_POS)", () => {
  it("asks for a reset link to /account/reset-password/ without the e-mail, and says it was sent", async () => {
    const { user, recorder } = await renderRecorded(<ForgotPassword />, {
      siteId: "lumiere",
      url: "/account/forgot-password/?utm_source=mail",
    });
    const reset = region("Réinitialiser votre mot de passe");
    await user.type(within(reset).getByLabelText("Adresse e-mail"), "active.v3@example.com");
    await user.click(within(reset).getByRole("button", { name: "M'envoyer un lien de réinitialisation" }));

    await waitFor(() =>
      expect(within(reset).getByRole("status")).toHaveTextContent(
        "Si un compte existe pour active.v3@example.com, nous lui avons envoyé un lien pour choisir un nouveau mot de passe.",
      ),
    );
    const route = new URL(recorder.sent[0]?.route ?? "", "http://upstream.invalid");
    // Spec §7: the v1 path; the v3 variant differs only by its {brand} ids.
    expect(route.pathname).toBe("/Member/GetResetPasswordCode");
    expect(route.searchParams.has("CypherCircuitId")).toBe(true);
    expect(route.searchParams.get("emailAddress")).toBe("active.v3@example.com");
    // Like sign-in, the request carries a captcha token for its own action.
    expect(recorder.sent[0]?.metadata["g-recaptcha-response"]).toBe("token-for-password_reset");
    expect(route.searchParams.get("rootUrl")).toBe("http://localhost");
    // Spec §2: {origin}/{path} (not the page asked from); BOOST_POS links carry no e-mail.
    expect(route.searchParams.get("resetPasswordLink")).toBe(
      "http://localhost/account/reset-password/?resetCode={resetCode}",
    );
    const code = sandbox().lastResetCode("active.v3@example.com");
    expect(sandboxLog().at(-1)).toBe(
      `[loyalty sandbox] reset link for active.v3@example.com: http://localhost/account/reset-password/?resetCode=${code}`,
    );
  });

  it("sent with the keyboard: the focus stays on the button, and the form's status line says the link went", async () => {
    const { user } = await renderScreen(<ForgotPassword />, { siteId: "lumiere" });
    const reset = region("Réinitialiser votre mot de passe");
    const status = within(reset).getByRole("status");
    expect(status).toBeEmptyDOMElement();
    const email = within(reset).getByLabelText("Adresse e-mail");
    await user.type(email, "active.v3@example.com");
    await user.tab();
    const button = within(reset).getByRole("button", { name: "M'envoyer un lien de réinitialisation" });
    expect(button).toHaveFocus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(status).toHaveTextContent("Si un compte existe pour active.v3@example.com"));
    expect(within(reset).getByRole("status")).toBe(status);
    expect(document.activeElement).toBe(button);

    // A failure (code 29) takes the focus to its reason, as before.
    await retype(user, email, "nobody@example.com{Enter}");
    const alert = await within(reset).findByRole("alert");
    expect(alert).toHaveTextContent("(Code : 29)");
    expect(alert).toHaveFocus();
    expect(status).toBeEmptyDOMElement();
  });

  it("an unknown e-mail answers code 29's message in a focused alert", async () => {
    const { user } = await renderScreen(<ForgotPassword />, { siteId: "lumiere" });
    const reset = region("Réinitialiser votre mot de passe");
    const email = within(reset).getByLabelText("Adresse e-mail");
    await user.type(email, "nobody@example.com");
    await user.click(within(reset).getByRole("button", { name: "M'envoyer un lien de réinitialisation" }));
    const alert = await within(reset).findByRole("alert");
    expect(alert).toHaveTextContent("Votre adresse e-mail n'est associée à aucun membre (Code : 29)");
    expect(alert).toHaveFocus();
    expect(email).toHaveValue("nobody@example.com");
  });

  it("checks the e-mail before sending, and ties the problem to the field", async () => {
    const { user, recorder } = await renderRecorded(<ForgotPassword />, { siteId: "lumiere" });
    const reset = region("Réinitialiser votre mot de passe");
    const button = within(reset).getByRole("button", { name: "M'envoyer un lien de réinitialisation" });
    const email = within(reset).getByLabelText("Adresse e-mail");
    await user.click(button);
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription("Saisissez votre adresse e-mail");
    await user.type(email, "not-an-email");
    await user.click(button);
    expect(email).toHaveAccessibleDescription("Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(recorder.sent).toEqual([]);
  });

  it("offers no username reminder on a site without a circuit id (the reminder's route carries it)", async () => {
    await renderScreen(<ForgotPassword />, { siteId: "lumiere", loyalty: { circuitId: "" } });
    expect(screen.queryByRole("region", { name: "Identifiant oublié ?" })).toBeNull();
  });

  it("links back to the login page", async () => {
    await renderScreen(<ForgotPassword />, { siteId: "lumiere" });
    expect(screen.getByRole("link", { name: "Retour à la connexion" })).toHaveAttribute(
      "href",
      "/connexion/?next=%2Faccount%2F",
    );
  });
});

describe("forgotten password on the US site (v1, provider NONE)", () => {
  it("the link carries the e-mail, through the v1 route", async () => {
    const { user, recorder } = await renderRecorded(<ForgotPassword />, { siteId: "starlight" });
    const reset = region("Reset your password");
    await user.type(within(reset).getByLabelText("E-mail address"), "active.v1@example.com");
    await user.click(within(reset).getByRole("button", { name: "Send me a reset link" }));
    await waitFor(() =>
      expect(within(reset).getByRole("status")).toHaveTextContent("If an account exists for active.v1@example.com"),
    );
    const route = new URL(recorder.sent[0]?.route ?? "", "http://upstream.invalid");
    expect(route.pathname).toBe("/Member/GetResetPasswordCode");
    expect(route.searchParams.get("resetPasswordLink")).toBe(
      "http://localhost/account/reset-password/?email=active.v1%40example.com&resetCode={resetCode}",
    );
  });

  it("sends a username reminder, and answers 29 for an unknown e-mail", async () => {
    const { user, recorder } = await renderRecorded(<ForgotPassword />, { siteId: "starlight" });
    const reminder = region("Forgot your username?");
    const email = within(reminder).getByLabelText("E-mail address");
    await user.type(email, "active.v1@example.com");
    await user.click(within(reminder).getByRole("button", { name: "Send me my username" }));
    await waitFor(() =>
      expect(within(reminder).getByRole("status")).toHaveTextContent(
        "If an account exists for active.v1@example.com, we have sent it your username.",
      ),
    );
    expect(recorder.paths()).toEqual(["/Member/UsernameReminder/STARLIGHT/active.v1%40example.com"]);
    expect(sandboxLog().at(-1)).toMatch(/^\[loyalty sandbox\] would e-mail active\.v1@example\.com their username/);

    await retype(user, email, "nobody@example.com");
    await user.click(within(reminder).getByRole("button", { name: "Send me my username" }));
    const alert = await within(reminder).findByRole("alert");
    expect(alert).toHaveTextContent("Your email is not associated with a member (Code: 29)");
    expect(alert).toHaveFocus();
    // The status line stays in the form (so its next news is announced), emptied.
    expect(within(reminder).getByRole("status")).toBeEmptyDOMElement();
  });
});
