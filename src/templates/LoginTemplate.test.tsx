// The login page as a visitor meets it: the template inside its PageShell, the site's runtime,
// catalogue and theme, and member calls through the real proxy to the sandbox provider.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PageProps } from "gatsby";
import { loadSiteConfig } from "../config/load";
import { pageSchema, type PageConfig } from "../config/pages";
import { CurrentLocationProvider } from "../links/LinkEnvironment";
import { forgetCaptchaKeyInUse } from "../member/sign-in/captcha";
import { buildPageContext } from "../runtime/page-context";
import { buildSiteModel } from "../site/model";
import { installSiteRuntime, navigationStates, navigations } from "../test/gatsby-mock";
import { WELCOME_STATE } from "../member/account/welcome";
import { DEMO_PASSWORD, enter, withPagesOnSandbox } from "../test/screen-harness";
import type { LoginPageContext } from "../site/contexts";
import LoginTemplate from "./LoginTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

withPagesOnSandbox();

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

async function renderLoginPage(siteId: SiteId, location: Partial<Location> = {}, page: PageConfig | null = null) {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  const model = buildSiteModel(config, new Date());
  installSiteRuntime(model.runtime);
  const site = SITES[siteId];
  const pageContext: LoginPageContext = {
    ...buildPageContext(model, { pagePath: site.path, templateName: "login" }),
    page,
  };
  const propsAt = (at: Partial<Location>) =>
    ({
      pageContext,
      location: { pathname: site.path, search: "", hash: "", ...at },
    }) as unknown as PageProps<object, LoginPageContext>;
  // As wrapPageElement gives every page its location (src/links/wrap-page.tsx): the hand-off reads it.
  const pageAt = (at: Partial<Location>) => (
    <CurrentLocationProvider location={{ pathname: site.path, search: at.search ?? "" }}>
      <LoginTemplate {...propsAt(at)} />
    </CurrentLocationProvider>
  );
  const rendered = render(pageAt(location));
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
      rendered.rerender(pageAt(at));
      await act(async () => undefined);
    },
  };
}

async function signIn({ user, main, site }: Awaited<ReturnType<typeof renderLoginPage>>) {
  await user.type(main.getByLabelText(site.email), site.member);
  await user.type(main.getByLabelText(site.password, { selector: "input" }), DEMO_PASSWORD);
  await user.click(main.getByRole("button", { name: site.signIn }));
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

// Spec §2 "Loyalty ticketing redirect overlay" and §4 "Ticketing hand-off for a logged-in member":
// ticketing sends a guest to the login page with ?return=; once signed in there, the member is
// handed on to ticketing by the page's hand-off, not taken away to their account.
describe("signing in on the login page opened with ?return= hands the member to ticketing", () => {
  const RETURN = "/startticketing/LUM01";
  let submitted: HTMLFormElement[];
  beforeEach(() => {
    submitted = [];
    // jsdom does not submit forms: record which one the hand-off sent.
    jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it("lumiere (v3): the token goes by POST to ticketingUrl+return, and the page stays", async () => {
    const page = await renderLoginPage("lumiere", { search: `?return=${RETURN}` });
    await signIn(page);
    expect(await page.main.findByText(page.site.signedIn)).toBeInTheDocument();
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0]!;
    expect(form.method).toBe("post");
    expect(form.action).toBe(`${page.runtime.ticketingUrl}${RETURN}`);
    const token = form.querySelector<HTMLInputElement>('input[name="boostToken"]');
    expect(token?.value).toMatch(/\S/);
    // Not taken on to the account: that would have unmounted the hand-off before it ran.
    expect(navigations).toEqual([]);
  });

  it("starlight (v1): the redirect overlay shows, its link carries the token, and the page stays", async () => {
    const page = await renderLoginPage("starlight", { search: "?return=/startticketing/SL001" });
    await signIn(page);
    const overlay = await screen.findByRole("dialog", { name: "Taking you to ticketing" });
    expect(within(overlay).getByText("You will be redirected in a few seconds...")).toHaveAttribute("role", "status");
    const link = within(overlay).getByRole("link", { name: "Click here if it does not work" });
    const target = new URL(link.getAttribute("href")!);
    expect(`${target.origin}${target.pathname}`).toBe(`${page.runtime.ticketingUrl}/startticketing/SL001`);
    expect(target.searchParams.get(page.runtime.loyalty.tokenParam)).toMatch(/\S/);
    expect(navigations).toEqual([]);
  });

  it("with ?next= as well, the hand-off still wins", async () => {
    const page = await renderLoginPage("lumiere", { search: `?next=%2Faccount%2Fcards%2F&return=${RETURN}` });
    await signIn(page);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(navigations).toEqual([]);
  });

  it("a return the hand-off refuses (not a site path) leaves the member taken on to their account as before", async () => {
    const page = await renderLoginPage("lumiere", { search: "?return=//evil.example/steal" });
    await signIn(page);
    await waitFor(() => expect(navigations).toEqual(["/account/"]));
    expect(navigationStates).toEqual([undefined]);
    expect(submitted).toEqual([]);
  });
});

describe("a visitor who signs up on the login page lands in their account, welcomed (issue 46)", () => {
  let counter = 0;
  async function signUp({ user, main }: Awaited<ReturnType<typeof renderLoginPage>>) {
    await user.click(main.getByRole("tab", { name: SITES.lumiere.signUpTab }));
    const form = within(await main.findByRole("tabpanel"));
    const fill = async (label: string, value: string) =>
      enter(user, await form.findByLabelText(label, { exact: true, selector: "input" }), value);
    await fill("Adresse e-mail", `new.welcome.${Date.now()}.${(counter += 1)}@example.com`);
    await fill("Mot de passe", DEMO_PASSWORD);
    await fill("Prénom", "Ada");
    await fill("Nom", "Lovelace");
    await fill("Numéro de mobile", "06 12 34 56 78");
    await user.click(form.getByRole("checkbox", { name: /politique de confidentialité/ }));
    await user.click(form.getByRole("button", { name: "Créer mon compte" }));
  }

  it("on the overview, with the welcome in the navigation's state", async () => {
    await signUp(await renderLoginPage("lumiere"));
    await waitFor(() => expect(navigations).toEqual(["/account/"]));
    expect(navigationStates).toEqual([WELCOME_STATE]);
  });

  it("on the account screen it was sent from (?next=), welcomed there too", async () => {
    await signUp(await renderLoginPage("lumiere", { search: "?next=%2Faccount%2Fhistory%2F" }));
    await waitFor(() => expect(navigations).toEqual(["/account/history/"]));
    expect(navigationStates).toEqual([WELCOME_STATE]);
  });
});

// Spec §5 "Captcha": the key can be changed per page; the login page's own key (pages.json, a page
// with the login slug) is used as a generic page's is.
describe("the login page's own captcha key", () => {
  const savedEnv = { ...process.env };
  const scriptElement = () => document.getElementById("google-recaptcha-v3") as HTMLScriptElement | null;
  beforeEach(() => {
    forgetCaptchaKeyInUse();
    scriptElement()?.remove();
    Object.assign(process.env, {
      GATSBY_RECAPTCHA_SITE_KEY: "deploy-key-123",
      GATSBY_RECAPTCHA_SCRIPT_URL: "http://127.0.0.1:9411/__recaptcha/api.js",
    });
  });
  afterEach(() => {
    process.env = { ...savedEnv };
    scriptElement()?.remove();
    forgetCaptchaKeyInUse();
  });

  it("loads the captcha with the page's key rather than the deploy's", async () => {
    const page = pageSchema.parse({
      id: "login",
      slug: "connexion",
      title: "Connexion",
      captchaSiteKey: "login-page-key-789",
    });
    await renderLoginPage("lumiere", {}, page);
    await waitFor(() => expect(scriptElement()?.src).toContain("render=login-page-key-789"));
  });

  it("without one, the deploy's key", async () => {
    await renderLoginPage("lumiere");
    await waitFor(() => expect(scriptElement()?.src).toContain("render=deploy-key-123"));
  });
});
