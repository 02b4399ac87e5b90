// The sign-in dialog's code loads on the first click. Offline that load fails: the visitor stays on
// the page, told where the dialog would be, and a later click (back online) loads it.
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IntlProvider } from "react-intl";
import { loadSiteConfig } from "../../config/load";
import { messagesFor } from "../../i18n/catalogues";
import { buildSiteModel } from "../../site/model";
import { PageErrorBoundary } from "../../site/PageErrorBoundary";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { fakeFetch } from "../../test/loyalty-fakes";
import { SiteThemeProvider } from "../../theme/ThemeProvider";
import { createLoyaltyClient } from "../client";
import { LoyaltyProvider, useMemberSession } from "../LoyaltyProvider";
import { clearSession } from "../session/persistence";
import { createRefreshMemory } from "../session/refresh-schedule";
import { MemberAccess } from "./MemberAccess";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

/** Whether the dialog's chunk can be fetched; while not, importing it fails as webpack's does. */
let mockChunkReachable = false;
jest.mock("./LoginDialog", () => {
  if (!mockChunkReachable) {
    const error = new Error("Loading chunk 651 failed.");
    error.name = "ChunkLoadError";
    throw error;
  }
  return jest.requireActual("./LoginDialog");
});

let consoleError: jest.SpyInstance;
beforeEach(() => {
  clearSession();
  localStorage.clear();
  mockChunkReachable = false;
  // React reports the error the feature's boundary catches.
  consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

/** Another control that opens the dialog, as a film card's watchlist button does for a guest. */
function WatchlistInvite() {
  const { loginDialog } = useMemberSession();
  return (
    <button type="button" onClick={loginDialog.show}>
      ☆ Ma liste d'envies
    </button>
  );
}

async function renderHeaderAccess() {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
  const runtime = buildSiteModel(config, new Date("2026-11-20T10:00:00Z")).runtime;
  installSiteRuntime(runtime);
  const client = createLoyaltyClient({ config: runtime.loyalty, brand: "Cypher", fetchImpl: fakeFetch({}).fetchImpl });
  const leave = jest.fn();
  render(
    <PageErrorBoundary pathname="/films/" leave={leave}>
      <IntlProvider locale={runtime.locale} messages={messagesFor(runtime.locale)}>
        <SiteThemeProvider theme={runtime.siteTheme}>
          <LoyaltyProvider client={client} externalToken={null} refreshMemory={createRefreshMemory()}>
            <MemberAccess />
            <main>
              <h1>Films</h1>
              <WatchlistInvite />
            </main>
          </LoyaltyProvider>
        </SiteThemeProvider>
      </IntlProvider>
    </PageErrorBoundary>,
  );
  await act(async () => undefined);
  return { user: userEvent.setup(), leave };
}

const OFFLINE_MESSAGE = "L'espace membre n'est pas disponible hors ligne. Réessayez une fois de retour en ligne.";

// One scenario: once the dialog's code has loaded, it stays loaded for the page (as in the browser).
describe("the sign-in dialog's code cannot load (offline)", () => {
  it("the page stays, the message shows where the dialog would, from either control; a later click opens it", async () => {
    const { user, leave } = await renderHeaderAccess();
    // A film card's watchlist invitation: the message, which closes.
    await user.click(screen.getByRole("button", { name: "☆ Ma liste d'envies" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(OFFLINE_MESSAGE);
    await user.click(screen.getByRole("button", { name: "Fermer" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    // The header's member button: the same message; the page is still there.
    await user.click(screen.getByRole("button", { name: "Espace membre" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(OFFLINE_MESSAGE);
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { name: "Films" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // Back online, with the message still shown: the next click loads the dialog.
    mockChunkReachable = true;
    await user.click(screen.getByRole("button", { name: "Espace membre" }));
    expect(await screen.findByRole("dialog", { name: "Connexion" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });
});
