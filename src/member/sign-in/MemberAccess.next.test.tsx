// A site without a login page (spec §2: loginPage.slug "comes from site settings and is empty when
// not set") sends a guest who must sign in to its home page with ?next= (src/member/account/routes.ts
// loginPathFor). There the header's sign-in dialog opens, and once signed in the member is taken on
// to `next`. The page as a visitor meets it: PageShell with the site's runtime and member calls
// through the real proxy to the sandbox provider.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { loadSiteConfig } from "../../config/load";
import { PageShell } from "../../shell/PageShell";
import { CurrentLocationProvider } from "../../links/LinkEnvironment";
import { buildPageContext } from "../../runtime/page-context";
import { buildSiteModel } from "../../site/model";
import { installSiteRuntime, navigations } from "../../test/gatsby-mock";
import { DEMO_PASSWORD, withPagesOnSandbox } from "../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

withPagesOnSandbox();

/** The French site's home page at `/{search}`, with or without its login page. */
async function renderHomePage(search: string, { loginPage }: { loginPage: boolean }) {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
  const model = buildSiteModel(config, new Date());
  const runtime = loginPage ? model.runtime : { ...model.runtime, loginPageSlug: "" };
  installSiteRuntime(runtime);
  const pageContext = buildPageContext({ ...model, runtime }, { pagePath: "/", templateName: "generic" });
  render(
    <CurrentLocationProvider location={{ pathname: "/", search }}>
      <PageShell pageContext={pageContext}>
        <h1>Accueil</h1>
      </PageShell>
    </CurrentLocationProvider>,
  );
  await act(async () => undefined);
  return userEvent.setup();
}

const dialog = () => screen.queryByRole("dialog", { name: "Connexion" });

describe("a site without a login page: a guest sent to sign in is asked to, then taken on to `next`", () => {
  it("the header's sign-in dialog opens; signed in, the member goes to the account screen asked for", async () => {
    const user = await renderHomePage("?next=%2Faccount%2Fcards%2F", { loginPage: false });
    const signIn = within(await screen.findByRole("dialog", { name: "Connexion" }));
    await user.type(signIn.getByLabelText("Adresse e-mail"), "active.v3@example.com");
    await user.type(signIn.getByLabelText("Mot de passe", { selector: "input" }), DEMO_PASSWORD);
    await user.click(signIn.getByRole("button", { name: "Se connecter" }));
    await waitFor(() => expect(navigations).toEqual(["/account/cards/"]));
    expect(dialog()).not.toBeInTheDocument();
  });

  it("a guest who closes the dialog stays on the page, and it does not open again by itself", async () => {
    const user = await renderHomePage("?next=%2Faccount%2F", { loginPage: false });
    const signIn = within(await screen.findByRole("dialog", { name: "Connexion" }));
    await user.click(signIn.getByRole("button", { name: "Fermer" }));
    await act(async () => undefined);
    expect(dialog()).not.toBeInTheDocument();
    expect(navigations).toEqual([]);
  });

  it.each([
    ["a `next` outside the account section", "?next=https%3A%2F%2Fevil.example%2Faccount%2F"],
    ["no `next`", ""],
  ])("%s: no dialog", async (_, search) => {
    await renderHomePage(search, { loginPage: false });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(dialog()).not.toBeInTheDocument();
    expect(navigations).toEqual([]);
  });

  it("a site with a login page leaves `next` to it: no dialog on the home page", async () => {
    await renderHomePage("?next=%2Faccount%2F", { loginPage: true });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(dialog()).not.toBeInTheDocument();
  });
});
