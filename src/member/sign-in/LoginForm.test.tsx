import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IntlProvider } from "react-intl";
import { messagesFor } from "../../i18n/catalogues";
import type { SiteRuntime } from "../../site/model";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { createLoyaltyClient } from "../provider/client";
import { LoyaltyProvider } from "../session/LoyaltyProvider";
import { clearSession } from "../session/persistence";
import { createRefreshMemory } from "../session/refresh-schedule";
import { fakeFetch, rawDetails } from "../../test/loyalty-fakes";
import { LoginForm } from "./LoginForm";
import { builtRuntime } from "../../test/site-runtime";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

let lumiere: SiteRuntime;
beforeAll(async () => {
  lumiere = await builtRuntime("lumiere");
});
beforeEach(() => {
  clearSession();
  localStorage.clear();
});

async function renderForm(
  loginAnswer: object = {
    peachCode: 0,
    memberDetails: rawDetails(),
    sessionManagementTokens: { token: "t", refreshTokenHeld: true },
  },
  site: SiteRuntime = lumiere,
) {
  installSiteRuntime(site);
  const fake = fakeFetch({ "/Member/v3/Login": { json: loginAnswer } });
  const client = createLoyaltyClient({ config: site.loyalty, brand: "Cypher", fetchImpl: fake.fetchImpl });
  render(
    <IntlProvider locale="en-US" messages={messagesFor("en-US")}>
      <SiteThemeProvider theme={lumiere.siteTheme}>
        <LoyaltyProvider client={client} externalToken={null} refreshMemory={createRefreshMemory()}>
          <LoginForm />
        </LoyaltyProvider>
      </SiteThemeProvider>
    </IntlProvider>,
  );
  await act(async () => undefined);
  return fake.calls;
}

// The sign-in form uses the member forms' shared fields (src/components/forms/fields.tsx), so
// spec §5's input rules have one definition: these check the form gets them.
describe("sign-in form input rules (spec §5)", () => {
  it("the e-mail drops < > ' \" & as typed; the password is sent as typed", async () => {
    const calls = await renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mail address"), `ada<>'"&@example.com`);
    expect(screen.getByLabelText("E-mail address")).toHaveValue("ada@example.com");
    await user.type(screen.getByLabelText("Password"), `p<a>'s"s&`);
    expect(screen.getByLabelText("Password")).toHaveValue(`p<a>'s"s&`);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(calls[0]?.body).toMatchObject({ username: "ada@example.com", password: `p<a>'s"s&` });
  });

  it("the password has a show/hide toggle", async () => {
    await renderForm();
    const user = userEvent.setup();
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });
});

// Issue 46: an expired member (code 46) is told what it means and where to renew.
describe("an expired member's sign-in", () => {
  const withTicketing = (ticketing: Partial<SiteRuntime["links"]["ticketing"]>): SiteRuntime => ({
    ...lumiere,
    links: { ...lumiere.links, ticketing: { ...lumiere.links.ticketing, ...ticketing } },
  });

  async function signInRefused(peachCode: number, site: SiteRuntime = lumiere) {
    await renderForm({ peachCode }, site);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("E-mail address"), "expired@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret-1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    return screen.findByRole("alert");
  }

  it.each([
    [
      "the club's sign-up journey",
      { url: "https://tickets.example", extendedJourneys: false },
      "Join the club again",
      "https://tickets.example/signup",
    ],
    [
      "the loyalty upgrade where the site offers it",
      { url: "https://tickets.example", extendedJourneys: true },
      "Renew my membership",
      "https://tickets.example/loyalty/upgrade",
    ],
  ])("is offered %s", async (_, ticketing, name, href) => {
    const alert = await signInRefused(46, withTicketing(ticketing));
    expect(alert).toHaveTextContent("Your account has expired (Code: 46)");
    expect(screen.getByText(/Your club membership has ended/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    // The form is described by both: a screen reader hears the way out with the refusal.
    expect(screen.getByLabelText("E-mail address").closest("form")).toHaveAccessibleDescription(
      /Code: 46.*Your club membership has ended.*Join|Code: 46.*Your club membership has ended.*Renew/,
    );
  });

  it("is sent to the box office by a site without a ticketing service", async () => {
    await signInRefused(46, withTicketing({ url: "" }));
    expect(screen.getByText("You can renew it at the box office.")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("another refusal offers no renewal", async () => {
    const alert = await signInRefused(31);
    expect(alert).toHaveTextContent("(Code: 31)");
    expect(screen.queryByText(/Your club membership has ended/)).toBeNull();
  });
});
