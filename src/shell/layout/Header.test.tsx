import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IntlProvider } from "react-intl";
import { loadSiteConfig } from "../../config/load";
import { LoyaltyAtCurrentTheater } from "../../member/favourites/LoyaltyAtCurrentTheater";
import { SelectedTheaterProvider } from "../../member/favourites/SelectedTheaterProvider";
import { messagesFor } from "../../i18n/catalogues";
import { clearSession } from "../../member/session/persistence";
import { buildSiteModel } from "../../site/model";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { Header } from "./Header";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

beforeEach(() => {
  clearSession();
  localStorage.clear();
});

/** The header as a guest's page has it (PageShell's providers), the phone menu closed. */
async function renderHeader(siteId: "lumiere" | "starlight") {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  const runtime = buildSiteModel(config, new Date("2026-11-20T10:00:00Z")).runtime;
  installSiteRuntime(runtime);
  render(
    <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <SelectedTheaterProvider theaterId={null}>
          <LoyaltyAtCurrentTheater>
            <Header site={runtime} layout={config.theme.layout} />
            <main>
              <a href="/films/">Content link</a>
            </main>
          </LoyaltyAtCurrentTheater>
        </SelectedTheaterProvider>
      </SiteThemeProvider>
    </IntlProvider>,
  );
  await act(async () => undefined);
  const user = userEvent.setup();
  const menuButton = screen.getByRole("button", { name: "Menu" });
  const navigation = screen.getByRole("navigation", {
    name: runtime.locale === "fr-FR" ? "Navigation principale" : "Main navigation",
  });
  return {
    user,
    menuButton,
    navigation, // Found while the menu is closed (display: none), so looked up among hidden elements too.
    links: within(navigation).getAllByRole("link", { hidden: true }),
  };
}

describe("the phone menu is a disclosure (WAI-ARIA): Escape closes it, focus leaving it closes it", () => {
  it("Escape on the menu button closes the menu", async () => {
    const { user, menuButton } = await renderHeader("lumiere");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(menuButton).toHaveAccessibleName("Menu");
    expect(menuButton).toHaveFocus();
  });

  it("Escape on a link inside closes the menu and gives the focus back to its button", async () => {
    const { user, menuButton, links } = await renderHeader("lumiere");
    await user.click(menuButton);
    await user.tab();
    await user.tab();
    expect(links[1]).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(menuButton).toHaveFocus();
  });

  it("tabbing through its links keeps it open; the focus moving past it closes it", async () => {
    const { user, menuButton, links } = await renderHeader("lumiere");
    await user.click(menuButton);
    for (const link of links) {
      await user.tab();
      expect(link).toHaveFocus();
      expect(menuButton).toHaveAttribute("aria-expanded", "true");
    }
    // Next comes the search box: outside the menu.
    await user.tab();
    expect(screen.getByRole("combobox", { name: "Rechercher un film" })).toHaveFocus();
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  it("Shift+Tab from its button back to the logo closes it", async () => {
    const { user, menuButton } = await renderHeader("lumiere");
    await user.click(menuButton);
    await user.tab({ shift: true });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });

  it("on a circuit the theater picker opens with the menu and is part of it: Tab reaches it without closing", async () => {
    const { user, menuButton, links } = await renderHeader("starlight");
    await user.click(menuButton);
    links.at(-1)!.focus();
    await user.tab();
    // A select: a combobox too, as the search box is.
    const picker = screen.getAllByRole("combobox").find((element) => element.tagName === "SELECT");
    expect(picker).toHaveFocus();
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(menuButton).toHaveFocus();
  });

  it("an Escape something else has already handled (a dialog, a list box) leaves the menu open", async () => {
    const { user, menuButton } = await renderHeader("lumiere");
    await user.click(menuButton);
    const handled = (event: KeyboardEvent) => event.preventDefault();
    document.addEventListener("keydown", handled, { capture: true });
    await user.keyboard("{Escape}");
    document.removeEventListener("keydown", handled, { capture: true });
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
  });
});

describe("footerMobileLinks false: the phone menu carries the footer's links, which phones do not show", () => {
  it.each([
    // Starlight hides its footer groups on phones: "The Lab" and the privacy policy would be out of reach.
    ["starlight", ["Privacy Policy", "The Lab"]],
    // Lumière shows them: its menu is the header's links only.
    ["lumiere", []],
  ] as const)("%s: phone-only menu items %j", async (siteId, expected) => {
    const { navigation } = await renderHeader(siteId);
    const phoneOnly = [...navigation.querySelectorAll("li.phone-only")].map((item) => item.textContent);
    expect(phoneOnly).toEqual(expected);
  });

  it("a footer link the header already has is not listed twice", async () => {
    const { links } = await renderHeader("starlight");
    const about = links.filter((link) => link.getAttribute("href") === "/about/");
    expect(about).toHaveLength(1);
  });
});
