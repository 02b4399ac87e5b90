import { render, screen, within } from "@testing-library/react";
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
  change: { footerMobileLinks?: boolean; privacyInGroups?: boolean } = {},
) {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  const built = buildSiteModel(config, new Date("2026-11-20T10:00:00Z")).runtime;
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
        <Footer site={runtime} layout={layout} />
      </SiteThemeProvider>
    </IntlProvider>,
  );
  return runtime;
}

describe("the footer names each venue: address, phone, opening hours", () => {
  it("US circuit: every theatre, the ZIP code after the state, a phone link, the hours as configured", async () => {
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
