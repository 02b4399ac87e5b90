import { render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { loadSiteConfig } from "../../config/load";
import { messagesFor } from "../../i18n/catalogues";
import { buildSiteModel } from "../../site/model";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { Footer } from "./Footer";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

async function renderFooter(siteId: "lumiere" | "starlight") {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  const runtime = buildSiteModel(config, new Date("2026-11-20T10:00:00Z")).runtime;
  installSiteRuntime(runtime);
  render(
    <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
      <SiteThemeProvider theme={runtime.siteTheme}>
        <Footer site={runtime} layout={config.theme.layout} />
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
