// The sign-in dialog's code loads on the first click. Offline that load fails: the visitor stays on
// the page, told where the dialog would be, and a later click (back online) loads it. Signing out
// from the member menu puts focus on the guest button and says so in a status (WCAG 2.4.3, 4.1.3).
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SiteRuntime } from "../../site/model";
import { PageErrorBoundary } from "../../shell/PageErrorBoundary";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { fakeFetch, rawDetails } from "../../test/loyalty-fakes";
import { createLoyaltyClient } from "../provider/client";
import { useMemberSession } from "../session/LoyaltyProvider";
import { clearSession } from "../session/persistence";
import { MemberAccess } from "./MemberAccess";
import { builtRuntime } from "../../test/site-runtime";
import { quietConsoleErrors } from "../../test/chunk-load";
import { MemberSiteProviders } from "../../test/member-providers";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

/** Whether the dialog's chunk can be fetched; while not, importing it fails as webpack's does. */
let mockChunkReachable = false;
jest.mock("./LoginDialog", () => {
  if (!mockChunkReachable) throw jest.requireActual("../../test/chunk-load").chunkLoadError(651);
  return jest.requireActual("./LoginDialog");
});

beforeEach(() => {
  clearSession();
  localStorage.clear();
  mockChunkReachable = false;
});
// React reports the error the feature's boundary catches.
quietConsoleErrors();

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
  const runtime = await builtRuntime("lumiere");
  installSiteRuntime(runtime);
  const client = createLoyaltyClient({ config: runtime.loyalty, brand: "Cypher", fetchImpl: fakeFetch({}).fetchImpl });
  const leave = jest.fn();
  render(
    <PageErrorBoundary pathname="/films/" leave={leave}>
      <MemberSiteProviders runtime={runtime} client={client}>
        <MemberAccess />
        <main>
          <h1>Films</h1>
          <WatchlistInvite />
        </main>
      </MemberSiteProviders>
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

/** Signs a member in as the sign-in form does, and out as other parts of the page do. */
function SessionControls() {
  const { login, logout } = useMemberSession();
  return (
    <>
      <button type="button" onClick={() => void login("ada@example.com", "pw")}>
        test: sign in
      </button>
      <button type="button" onClick={() => void logout()}>
        test: sign out elsewhere
      </button>
    </>
  );
}

const SITES = {
  lumiere: {
    member: "Mon compte",
    signOut: "Se déconnecter",
    guest: "Espace membre",
    signedOut: "Vous êtes déconnecté·e.",
  },
  starlight: { member: "My Starlight", signOut: "Sign out", guest: "Sign in", signedOut: "You are signed out." },
} as const;

/** The header's member access of the site, with a member signed in. */
async function renderSignedIn(siteId: keyof typeof SITES, loyalty: Partial<SiteRuntime["loyalty"]> = {}) {
  const built = await builtRuntime(siteId);
  const runtime = { ...built, loyalty: { ...built.loyalty, ...loyalty } };
  installSiteRuntime(runtime);
  const signedIn = {
    json: {
      peachCode: 0,
      statusCode: 0,
      memberDetails: rawDetails(),
      sessionManagementTokens: { token: "tok", refreshTokenHeld: true },
    },
  };
  const fake = fakeFetch({
    "/Member/Login": signedIn,
    "/Member/v3/Login": signedIn,
    "/Member/Logout": { json: { peachCode: 0, statusCode: 0 } },
    "/Member/v3/Logout": { json: { peachCode: 0 } },
  });
  const client = createLoyaltyClient({ config: runtime.loyalty, brand: "Cypher", fetchImpl: fake.fetchImpl });
  render(
    <MemberSiteProviders runtime={runtime} client={client}>
      <header>
        <MemberAccess />
      </header>
      <main>
        <SessionControls />
      </main>
    </MemberSiteProviders>,
  );
  await act(async () => undefined);
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "test: sign in" }));
  await screen.findByRole("button", { name: SITES[siteId].member });
  return { user, texts: SITES[siteId] };
}

describe("signing out from the member menu (WCAG 2.4.3, 4.1.3)", () => {
  it.each(["lumiere", "starlight"] as const)(
    "%s: with the keyboard, focus goes to the guest button and the status says the member is signed out",
    async (siteId) => {
      const { user, texts } = await renderSignedIn(siteId);
      const status = screen.getByRole("status");
      expect(status).toHaveTextContent("");

      screen.getByRole("button", { name: texts.member }).focus();
      await user.keyboard("{Enter}");
      // Tab through the menu (greeting, account link, the operator's links) to its last control.
      const signOut = screen.getByRole("button", { name: texts.signOut });
      for (let i = 0; i < 10 && !signOut.matches(":focus"); i += 1) await user.tab();
      expect(signOut).toHaveFocus();
      await user.keyboard("{Enter}");

      const guest = await screen.findByRole("button", { name: texts.guest });
      expect(guest).toHaveFocus();
      expect(screen.queryByRole("button", { name: texts.member })).not.toBeInTheDocument();
      // The same live region, there before the sign-out, now says it: a screen reader reads the change.
      expect(screen.getByRole("status")).toBe(status);
      expect(status).toHaveTextContent(texts.signedOut);
    },
  );

  it("an operator's sign-out entry in the menu (#loyalty-logout) does the same", async () => {
    const { user, texts } = await renderSignedIn("lumiere", {
      loggedInMenu: [{ label: "Quitter mon espace", to: "#loyalty-logout" }],
    });
    await user.click(screen.getByRole("button", { name: texts.member }));
    await user.click(screen.getByRole("link", { name: "Quitter mon espace" }));
    expect(await screen.findByRole("button", { name: texts.guest })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(texts.signedOut);
  });

  it("a sign-out elsewhere on the page leaves focus where it is and announces nothing", async () => {
    const { user, texts } = await renderSignedIn("lumiere");
    const elsewhere = screen.getByRole("button", { name: "test: sign out elsewhere" });
    await user.click(elsewhere);
    expect(await screen.findByRole("button", { name: texts.guest })).not.toHaveFocus();
    expect(elsewhere).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("once the member signs in again, the status is empty, and a later sign-out elsewhere is not announced", async () => {
    const { user, texts } = await renderSignedIn("starlight");
    await user.click(screen.getByRole("button", { name: texts.member }));
    await user.click(screen.getByRole("button", { name: texts.signOut }));
    expect(await screen.findByRole("button", { name: texts.guest })).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(texts.signedOut);

    await user.click(screen.getByRole("button", { name: "test: sign in" }));
    await screen.findByRole("button", { name: texts.member });
    expect(screen.getByRole("status")).toHaveTextContent("");

    const elsewhere = screen.getByRole("button", { name: "test: sign out elsewhere" });
    await user.click(elsewhere);
    expect(await screen.findByRole("button", { name: texts.guest })).not.toHaveFocus();
    expect(elsewhere).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});
