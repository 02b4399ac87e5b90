import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { ThemeProvider } from "styled-components";
import { loadSiteConfig } from "../config/load";
import { messagesFor } from "../i18n/catalogues";
import { buildSiteModel } from "../site/model";
import type { SiteTheme } from "../theme/theme";
import { BetaShareFilm } from "./BetaShareFilm";

const mockShareCodeLoaded = jest.fn();
jest.mock("./ShareFilm", () => {
  mockShareCodeLoaded();
  return jest.requireActual("./ShareFilm");
});

let theme: SiteTheme;
beforeAll(async () => {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
  theme = buildSiteModel(config, new Date("2026-11-20T10:00:00Z")).runtime.siteTheme;
});
afterEach(() => {
  mockShareCodeLoaded.mockClear();
  Object.assign(navigator, { clipboard: undefined });
});

function Page({ locale = "fr-FR", children }: { locale?: "fr-FR" | "en-US"; children: ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={messagesFor(locale)}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </IntlProvider>
  );
}

const film = { title: "Les Ombres du lac", path: "/films/1000021001-les-ombres-du-lac/" };

describe("Share this film (beta feature, spec §6 beta viewer)", () => {
  it("with beta features off: nothing rendered, no code loaded", async () => {
    const { container } = render(
      <Page>
        <BetaShareFilm betaFeaturesEnabled={false} {...film} />
      </Page>,
    );
    await act(async () => undefined);
    expect(container).toBeEmptyDOMElement();
    expect(mockShareCodeLoaded).not.toHaveBeenCalled();
  });

  it("with beta features on: the server renders the reserved slot, the button comes with its code", async () => {
    const html = renderToString(
      <Page>
        <BetaShareFilm betaFeaturesEnabled {...film} />
      </Page>,
    );
    expect(html).toMatch(/^<div class="[^"]+"><\/div>$/);
    render(
      <Page>
        <BetaShareFilm betaFeaturesEnabled {...film} />
      </Page>,
    );
    expect(await screen.findByRole("button", { name: "Partager ce film : Les Ombres du lac" })).toHaveTextContent(
      "Partager ce film",
    );
    expect(mockShareCodeLoaded).toHaveBeenCalled();
  });

  it("copies the film's address and says so (English)", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    render(
      <Page locale="en-US">
        <BetaShareFilm betaFeaturesEnabled {...film} />
      </Page>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Share this film: Les Ombres du lac" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Link copied"));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${film.path}`);
  });

  it("without share sheet or clipboard, shows the link selected, labelled, to copy by hand", async () => {
    render(
      <Page>
        <BetaShareFilm betaFeaturesEnabled {...film} />
      </Page>,
    );
    fireEvent.click(await screen.findByRole("button", { name: /Partager ce film/ }));
    const input = await screen.findByRole("textbox", { name: "Copiez ce lien" });
    expect(input).toHaveValue(`${window.location.origin}${film.path}`);
    expect(input).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});
