// The login page as a visitor meets it: the template inside its PageShell, the site's runtime,
// catalogue and theme, and member calls through the real proxy to the sandbox provider.
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PageProps } from "gatsby";
import { loadSiteConfig } from "../config/load";
import { clearSession } from "../loyalty/session/persistence";
import { buildPageContext } from "../page-context/page-context";
import { buildSiteModel } from "../site/model";
import { installSiteRuntime, navigations } from "../test/gatsby-mock";
import { DEMO_PASSWORD, sandboxFetch, withSandboxProvider } from "../test/screen-harness";
import type { LoginPageContext } from "./contexts";
import LoginTemplate from "./LoginTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

withSandboxProvider();
const realFetch = globalThis.fetch;
beforeEach(() => {
  clearSession();
  localStorage.clear();
  navigations.length = 0;
  // The page's own client calls /api/cypher with the browser's fetch.
  globalThis.fetch = sandboxFetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SITES = {
  lumiere: {
    path: "/connexion/",
    member: "active.v3@example.com",
    email: "Adresse e-mail",
    password: "Mot de passe",
    signIn: "Se connecter",
    signedIn: /^Vous êtes connecté·e en tant que /,
    signOut: "Se déconnecter",
    signInTab: "J'ai déjà un compte",
    signUpTab: "Créer un compte",
    registration: "Créer votre compte",
  },
  starlight: {
    path: "/sign-in/",
    member: "active.v1@example.com",
    email: "E-mail address",
    password: "Password",
    signIn: "Sign in",
    signedIn: /^You are signed in as /,
    signOut: "Sign out",
    signInTab: "I have an account",
    signUpTab: "Join Starlight Rewards",
    registration: "Create your account",
  },
} as const;
type SiteId = keyof typeof SITES;

/** The last value a style rule matching `element` gives `property` ("" when none does). */
function declaredFor(element: Element, property: string): string {
  let value = "";
  for (const sheet of Array.from(document.styleSheets))
    for (const rule of Array.from(sheet.cssRules))
      if (rule instanceof CSSStyleRule && element.matches(rule.selectorText) && rule.style.getPropertyValue(property))
        value = rule.style.getPropertyValue(property);
  return value;
}

type Location = { pathname: string; search: string; hash: string; key?: string };

async function renderLoginPage(siteId: SiteId, location: Partial<Location> = {}) {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  const model = buildSiteModel(config, new Date());
  installSiteRuntime(model.runtime);
  const site = SITES[siteId];
  const pageContext: LoginPageContext = {
    ...buildPageContext(model, { pagePath: site.path, templateName: "login" }),
    page: null,
  };
  const propsAt = (at: Partial<Location>) =>
    ({
      pageContext,
      location: { pathname: site.path, search: "", hash: "", ...at },
    }) as unknown as PageProps<object, LoginPageContext>;
  const rendered = render(<LoginTemplate {...propsAt(location)} />);
  await act(async () => undefined);
  const user = userEvent.setup();
  const main = within(screen.getByRole("main"));
  return {
    user,
    main,
    site,
    runtime: model.runtime,
    /** The same page after a client-side navigation to `at` (Gatsby keeps the template mounted). */
    navigate: async (at: Partial<Location>) => {
      rendered.rerender(<LoginTemplate {...propsAt(at)} />);
      await act(async () => undefined);
    },
  };
}

describe("a link opens the login page's sign-up tab with its fragment (#sign-up)", () => {
  it.each(["lumiere", "starlight"] as const)("%s: the sign-up tab is selected and shows the form", async (siteId) => {
    const { main, site } = await renderLoginPage(siteId, { hash: "#sign-up", key: "first" });
    const tab = main.getByRole("tab", { name: site.signUpTab });
    expect(tab).toHaveAttribute("aria-selected", "true");
    // The fragment names the tab itself, so focus lands on it (spec §2 fragments).
    expect(tab).toHaveAttribute("id", "sign-up");
    expect(await main.findByRole("heading", { level: 2, name: site.registration })).toBeInTheDocument();
  });

  it("without a fragment the sign-in tab is shown", async () => {
    const { main, site } = await renderLoginPage("lumiere");
    expect(main.getByRole("tab", { name: site.signInTab })).toHaveAttribute("aria-selected", "true");
  });

  it("arriving by the link again, after switching tabs, selects the sign-up tab again", async () => {
    const { main, site, user, navigate } = await renderLoginPage("lumiere", { hash: "#sign-up", key: "first" });
    await user.click(main.getByRole("tab", { name: site.signInTab }));
    expect(main.getByRole("tab", { name: site.signInTab })).toHaveAttribute("aria-selected", "true");
    await navigate({ hash: "#sign-up", key: "second" });
    expect(main.getByRole("tab", { name: site.signUpTab })).toHaveAttribute("aria-selected", "true");
  });
});

describe("signed in on the login page, the sign-out is one of the site's buttons", () => {
  it.each(["lumiere", "starlight"] as const)(
    "%s: the theme's fonts and colours, a 44 px target, a visible border",
    async (siteId) => {
      const { main, site, user, runtime } = await renderLoginPage(siteId);
      await user.type(main.getByLabelText(site.email), site.member);
      await user.type(main.getByLabelText(site.password, { selector: "input" }), DEMO_PASSWORD);
      await user.click(main.getByRole("button", { name: site.signIn }));
      expect(await main.findByText(site.signedIn)).toHaveAttribute("role", "status");

      const signOut = main.getByRole("button", { name: site.signOut });
      // The site's secondary button (src/components/forms/fields.tsx), not the browser's grey one.
      // The page's text colour on the page's background, framed in that colour, in bold.
      expect(signOut).toHaveStyle({
        minHeight: "44px",
        cursor: "pointer",
        backgroundColor: "rgba(0, 0, 0, 0)",
        border: "1px solid currentcolor",
        color: "inherit",
        fontWeight: String(runtime.siteTheme.fontWeights.bold),
      });
      // jsdom computes no font shorthand: the rules say it, the site's font rather than the browser's.
      expect(declaredFor(signOut, "font")).toBe("inherit");
    },
  );
});
