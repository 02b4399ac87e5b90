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

async function renderForm() {
  installSiteRuntime(lumiere);
  const fake = fakeFetch({
    "/Member/v3/Login": {
      json: {
        peachCode: 0,
        memberDetails: rawDetails(),
        sessionManagementTokens: { token: "t", refreshTokenHeld: true },
      },
    },
  });
  const client = createLoyaltyClient({ config: lumiere.loyalty, brand: "Cypher", fetchImpl: fake.fetchImpl });
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
