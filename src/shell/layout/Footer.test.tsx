import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SiteLocale } from "../../config/settings";
import { IntlProvider } from "react-intl";
import { loadSiteConfig } from "../../config/load";
import { messagesFor } from "../../i18n/catalogues";
import { buildSiteModel } from "../../site/model";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { Footer } from "./Footer";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

async function renderFooter(
  siteId: "lumiere" | "starlight",
  change: {
    footerMobileLinks?: boolean;
    privacyInGroups?: boolean;
    /** The deploy's consent settings (default: none, so no consent manager). */
    consentDeploy?: { disabled: boolean; apiKey: string };
    locale?: SiteLocale;
    consentManagerOnPage?: boolean;
  } = {},
) {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  const model = buildSiteModel(config, new Date("2026-11-20T10:00:00Z"), { consentDeploy: change.consentDeploy });
  const built = change.locale ? { ...model.runtime, locale: change.locale } : model.runtime;
  const privacy = `/${built.privacyPolicyPageSlug}/`;
  const runtime =
    change.privacyInGroups === false
      ? {
          ...built,
          navigation: {
            ...built.navigation,
            footer: built.navigation.footer.map((g) => ({ ...g, links: g.links.filter((l) => l.to !== privacy) })),
          },
        }
      : built;
  const layout = {
    ...config.theme.layout,
    footerMobileLinks: change.footerMobileLinks ?? config.theme.layout.footerMobileLinks,
  };
  installSiteRuntime(runtime);
  render(
    <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <Footer site={runtime} layout={layout} consentManagerOnPage={change.consentManagerOnPage} />
      </SiteThemeProvider>
    </IntlProvider>,
  );
  return runtime;
}

describe("the footer names each venue: address, phone, opening hours", () => {
  it("US circuit: every theater, the ZIP code after the state, a phone link, the hours as configured", async () => {
    const runtime = await renderFooter("starlight");
    expect(runtime.theaters.filter((theater) => theater.phone).length).toBeGreaterThan(0);
    for (const theater of runtime.theaters) {
      const venue = screen.getByRole("region", { name: theater.name });
      const address = venue.querySelector("address");
      expect(address?.textContent).toContain(
        `${theater.address.city}, ${theater.address.region} ${theater.address.postalCode}`,
      );
      if (theater.phone) {
        expect(within(venue).getByRole("link", { name: theater.phone })).toHaveAttribute(
          "href",
          `tel:${theater.phone.replace(/\s+/g, "")}`,
        );
        expect(venue).toHaveTextContent(`Phone: ${theater.phone}`);
      } else expect(within(venue).queryByRole("link")).toBeNull();
      const hours = within(venue).getByRole("list", { name: "Opening hours" });
      expect(
        within(hours)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(theater.openingHours);
    }
  });

  it("French single-location site: the postal code before the town, in French", async () => {
    const runtime = await renderFooter("lumiere");
    const [theater] = runtime.theaters;
    const venue = screen.getByRole("region", { name: theater!.name });
    expect(venue.querySelector("address")?.textContent).toContain(
      `${theater!.address.postalCode} ${theater!.address.city}`,
    );
    expect(venue).toHaveTextContent(`Téléphone : ${theater!.phone}`);
    expect(within(venue).getByRole("list", { name: "Horaires d'ouverture" })).toBeInTheDocument();
  });
});

describe("the privacy policy is linked once where the footer shows: in a link group, else on the copyright line", () => {
  it.each([
    // [site, footerMobileLinks, a group links it, links on the copyright line, that link's class]
    ["lumiere", true, true, 0, null],
    ["lumiere", true, false, 1, null],
    // Groups hidden on phones: the line's link is for phones only (hidden from md up, beside the group's).
    ["starlight", false, true, 1, "phone-only"],
    ["starlight", false, false, 1, null],
    ["starlight", true, true, 0, null],
  ] as const)(
    "%s, footerMobileLinks %s, in a group %s: %i on the line (%s)",
    async (siteId, mobile, inGroups, count, cls) => {
      const runtime = await renderFooter(siteId, { footerMobileLinks: mobile, privacyInGroups: inGroups });
      const line = document.querySelector("footer small")!;
      const lineLinks = within(line as HTMLElement).queryAllByRole("link");
      expect(lineLinks).toHaveLength(count);
      if (count) {
        expect(lineLinks[0]).toHaveAttribute("href", `/${runtime.privacyPolicyPageSlug}/`);
        expect(lineLinks[0]!.parentElement!.getAttribute("class")).toBe(cls);
      }
    },
  );
});

describe("the consent manager's preferences: a button on the copyright line, where the site has one", () => {
  const DEPLOY_ON = { disabled: false, apiKey: "sandbox-didomi-key" };
  afterEach(() => {
    delete window.Didomi;
    delete window.didomiOnReady;
  });

  it.each<[string, string, "lumiere" | "starlight", SiteLocale | undefined]>([
    // Each site's notice regime, in each language the platform speaks.
    ["French site (gdpr), in French", "Gérer mes cookies", "lumiere", undefined],
    ["French site (gdpr), in English", "Manage cookies", "lumiere", "en-US"],
    [
      "US circuit (ccpa), in English: the notice's own words",
      "Do Not Sell or Share My Personal Information",
      "starlight",
      undefined,
    ],
    ["US circuit (ccpa), in French", "Ne pas vendre ni partager mes données personnelles", "starlight", "fr-FR"],
  ])("%s: “%s”", async (_, label, siteId, locale) => {
    await renderFooter(siteId, { consentDeploy: DEPLOY_ON, locale });
    const line = document.querySelector("footer small") as HTMLElement;
    expect(within(line).getByRole("button", { name: label })).toHaveAttribute("type", "button");
  });

  it.each<[string, { disabled: boolean; apiKey: string } | undefined, boolean | undefined]>([
    ["consent handling switched off (GATSBY_CONSENT_DISABLED)", { disabled: true, apiKey: "k" }, undefined],
    ["a deploy without the Didomi key", { disabled: false, apiKey: "" }, undefined],
    ["a build that was given no consent settings", undefined, undefined],
    ["the editor's preview (no consent manager on the page)", DEPLOY_ON, false],
  ])("none when %s", async (_, consentDeploy, consentManagerOnPage) => {
    await renderFooter("lumiere", { consentDeploy, consentManagerOnPage });
    expect(within(screen.getByRole("contentinfo")).queryByRole("button")).toBeNull();
  });

  it("none on a site without a notice", async () => {
    const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
    const runtime = buildSiteModel(
      { ...config, settings: { ...config.settings, cookieBannerDidomiId: "" } },
      new Date("2026-11-20T10:00:00Z"),
      { consentDeploy: DEPLOY_ON },
    ).runtime;
    expect(runtime.privacyChoices).toBeNull();
  });

  it.each([
    ["a click", async (user: ReturnType<typeof userEvent.setup>, button: HTMLElement) => user.click(button)],
    [
      "Enter, from the keyboard",
      async (user: ReturnType<typeof userEvent.setup>, button: HTMLElement) => {
        button.focus();
        await user.keyboard("{Enter}");
      },
    ],
    [
      "Space, from the keyboard",
      async (user: ReturnType<typeof userEvent.setup>, button: HTMLElement) => {
        button.focus();
        await user.keyboard(" ");
      },
    ],
  ])("%s opens the preferences with Didomi.preferences.show()", async (_, activate) => {
    const show = jest.fn();
    window.Didomi = { preferences: { show } } as unknown as NonNullable<Window["Didomi"]>;
    await renderFooter("starlight", { consentDeploy: DEPLOY_ON });
    const user = userEvent.setup();
    await activate(user, screen.getByRole("button", { name: "Do Not Sell or Share My Personal Information" }));
    expect(show).toHaveBeenCalledTimes(1);
  });

  it("the privacy policy stays linked once beside it", async () => {
    const runtime = await renderFooter("starlight", { consentDeploy: DEPLOY_ON, footerMobileLinks: true });
    const privacy = `/${runtime.privacyPolicyPageSlug}/`;
    expect(
      within(screen.getByRole("contentinfo"))
        .getAllByRole("link")
        .filter((link) => link.getAttribute("href") === privacy),
    ).toHaveLength(1);
  });
});
