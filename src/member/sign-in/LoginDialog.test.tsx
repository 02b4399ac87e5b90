import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { SiteRuntime } from "../../site/model";
import { installSiteRuntime, navigations } from "../../test/gatsby-mock";
import { fakeFetch } from "../../test/loyalty-fakes";
import { createLoyaltyClient } from "../provider/client";
import { clearSession } from "../session/persistence";
import LoginDialog from "./LoginDialog";
import { builtRuntime } from "../../test/site-runtime";
import { MemberSiteProviders } from "../../test/member-providers";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const runtimes: Partial<Record<"lumiere" | "starlight", SiteRuntime>> = {};
beforeAll(async () => {
  for (const siteId of ["lumiere", "starlight"] as const) {
    runtimes[siteId] = await builtRuntime(siteId);
  }
});
beforeEach(() => {
  clearSession();
  localStorage.clear();
  navigations.length = 0;
});

/** The header's access button and the dialog it opens, as MemberAccess renders them. */
function Opener({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && <LoginDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** Renders the site's access button and opens the dialog with it, as a guest. */
async function openDialog(siteId: "lumiere" | "starlight", runtimeChange: Partial<SiteRuntime> = {}) {
  const runtime = { ...runtimes[siteId]!, ...runtimeChange };
  installSiteRuntime(runtime);
  const client = createLoyaltyClient({ config: runtime.loyalty, brand: "Cypher", fetchImpl: fakeFetch({}).fetchImpl });
  const opener = runtime.loyalty.guestHeaderAccessLabel;
  render(
    <MemberSiteProviders runtime={runtime} client={client}>
      <Opener label={opener} />
    </MemberSiteProviders>,
  );
  await act(async () => undefined);
  const user = userEvent.setup();
  const access = screen.getByRole("button", { name: opener });
  await user.click(access);
  const dialog = screen.getByRole("dialog", { name: runtime.locale === "fr-FR" ? "Connexion" : "Sign in" });
  return { user, dialog, opener: access };
}

describe("the sign-in dialog leads to the forgotten password and to registration", () => {
  it.each([
    [
      "French",
      "lumiere",
      "Mot de passe ou identifiant oublié ?",
      "Créer un compte",
      "S'inscrire",
      "/connexion/#sign-up",
    ],
    ["US", "starlight", "Forgot your password or username?", "Join Starlight Rewards", "Sign up", "/sign-in/#sign-up"],
  ] as const)(
    "%s site: under the form, the forgotten-password link and the sign-up tab, named by the operator, on its login page",
    async (_site, siteId, forgotten, region, signUpLink, signUpHref) => {
      const { dialog } = await openDialog(siteId);
      expect(within(dialog).getByRole("link", { name: forgotten })).toHaveAttribute(
        "href",
        "/account/forgot-password/",
      );
      // loyalty.guestSignupTabButton names the section, as it names the login page's tab.
      const signUp = within(dialog).getByRole("region", { name: region });
      expect(within(signUp).getByRole("link", { name: signUpLink })).toHaveAttribute("href", signUpHref);
    },
  );

  it("French site: the operator's pitch under the sign-up tab", async () => {
    const { dialog } = await openDialog("lumiere");
    const signUp = within(dialog).getByRole("region", { name: "Créer un compte" });
    expect(signUp).toHaveTextContent("Rejoignez le club Lumière et cumulez des points à chaque séance.");
  });

  it("US site: the pitch as a list", async () => {
    const { dialog } = await openDialog("starlight");
    const signUp = within(dialog).getByRole("region", { name: "Join Starlight Rewards" });
    expect(
      within(signUp)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Earn points on every ticket",
      "Trade points for popcorn, drinks and tickets",
      "Collect your rewards at the counter",
    ]);
  });

  it("without the operator's sign-up texts, the default label and no pitch", async () => {
    const lumiere = runtimes.lumiere!;
    const { dialog } = await openDialog("lumiere", {
      loyalty: { ...lumiere.loyalty, guestSignupTabButton: "", guestSignupTabText: "" },
    });
    const signUp = within(dialog).getByRole("region", { name: "Créer un compte" });
    expect(signUp.querySelectorAll("p")).toHaveLength(1);
    expect(within(signUp).getByRole("link", { name: "S'inscrire" })).toBeInTheDocument();
  });

  it("a site without a login page has nowhere to sign up: only the forgotten-password link", async () => {
    const { dialog } = await openDialog("lumiere", { loginPageSlug: "" });
    expect(within(dialog).queryByRole("region")).toBeNull();
    expect(within(dialog).getByRole("link", { name: "Mot de passe ou identifiant oublié ?" })).toBeInTheDocument();
  });

  it.each([
    ["Mot de passe ou identifiant oublié ?", "/account/forgot-password/"],
    ["S'inscrire", "/connexion/#sign-up"],
  ])("following %p closes the dialog, gives the focus back to its opener and goes to %p", async (name, path) => {
    const { user, dialog, opener } = await openDialog("lumiere");
    await user.click(within(dialog).getByRole("link", { name }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
    expect(navigations).toEqual([path]);
  });

  it("a link opened in another tab leaves the dialog open", async () => {
    const { dialog } = await openDialog("lumiere");
    fireEvent.click(within(dialog).getByRole("link", { name: "S'inscrire" }), { ctrlKey: true });
    expect(screen.getByRole("dialog")).toBe(dialog);
  });
});

describe("the dialog's keyboard rules hold with the links (spec §2)", () => {
  it("Tab stays inside: from the last link to the first control, and back with Shift+Tab", async () => {
    const { user, dialog } = await openDialog("lumiere");
    expect(within(dialog).getByLabelText("Adresse e-mail")).toHaveFocus();
    const close = within(dialog).getByRole("button", { name: "Fermer" });
    const signUp = within(dialog).getByRole("link", { name: "S'inscrire" });
    within(dialog).getByRole("link", { name: "Mot de passe ou identifiant oublié ?" }).focus();
    await user.tab();
    expect(signUp).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(signUp).toHaveFocus();
  });

  it("Escape closes it and gives the focus back to its opener", async () => {
    const { user, opener } = await openDialog("starlight");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
    expect(navigations).toEqual([]);
  });
});
