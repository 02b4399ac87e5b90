// The account overview against the sandbox provider through the real proxy.
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { messagesFor } from "../../../i18n/catalogues";
import { browserActions } from "../browser-actions";
import { recordingSandboxFetch, renderScreen, withSandboxProvider } from "../../../test/screen-harness";
import { barsOfSvg, scanCode128 } from "../../../test/scan-code128";
import { WELCOME_STATE } from "../welcome";
import Overview from "./Overview";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));

const sandbox = withSandboxProvider();

let go: jest.SpyInstance<void, [string]>;
let download: jest.SpyInstance<void, [Blob, string]>;
beforeEach(() => {
  go = jest.spyOn(browserActions, "go").mockImplementation(() => undefined);
  download = jest.spyOn(browserActions, "download").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The <dd> beside a <dt>. */
function detail(term: string): string {
  const dt = screen.getByText(term, { selector: "dt" });
  return dt.nextElementSibling?.textContent ?? "";
}

/** Presses a button in one of the screen's regions; answers the region. */
async function pressIn(user: UserEvent, regionName: string, buttonName: string): Promise<HTMLElement> {
  const region = screen.getByRole("region", { name: regionName });
  await user.click(within(region).getByRole("button", { name: buttonName }));
  return region;
}

/**
 * The Screen Wake Lock API, which jsdom lacks: `request` answers a lock whose `release` the test
 * watches. Removed after each test.
 */
function fakeWakeLock(): { request: jest.Mock; release: jest.Mock } {
  const release = jest.fn(async () => undefined);
  const request = jest.fn(async () => ({ release }));
  Object.defineProperty(navigator, "wakeLock", { configurable: true, value: { request } });
  return { request, release };
}
afterEach(() => {
  Reflect.deleteProperty(navigator, "wakeLock");
});

/** The region's alert says this and has the focus. */
async function expectFocusedAlert(region: HTMLElement, text: string): Promise<void> {
  const alert = await within(region).findByRole("alert");
  expect(alert).toHaveTextContent(text);
  expect(alert).toHaveFocus();
}

describe("overview on the French site (v3)", () => {
  it("shows the member's name, level, points, card and that the membership never expires", async () => {
    await renderScreen(<Overview />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    expect(screen.getByRole("heading", { level: 2, name: "Mon adhésion" })).toBeInTheDocument();
    expect(detail("Nom")).toBe("Ada Active");
    // The provider's level name for memberLevelId 2 (sandbox/loyalty-provider/members.ts).
    expect(detail("Niveau")).toBe("Premium");
    expect(detail("Solde de points")).toMatch(/^1\s250 points$/u);
    expect(detail("Numéro de carte")).toBe("CYP0000000001");
    expect(detail("Fin de l'adhésion")).toBe("Sans date d'expiration");
  });

  it("shows the card at the till: a Code 128 barcode named by its number that scans back to it, the number under it", async () => {
    await renderScreen(<Overview />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const till = screen.getByRole("region", { name: "Ma carte en caisse" });
    const code = await within(till).findByRole("img", { name: "Carte CYP0000000001" });
    expect(scanCode128(barsOfSvg(code))).toBe("CYP0000000001");
    expect(code.nextElementSibling).toBeNull();
    expect(code.parentElement?.nextElementSibling).toHaveTextContent(/^CYP0000000001$/);
    expect(within(till).getByRole("button", { name: "Plein écran pour la caisse" })).toHaveAccessibleDescription(
      "CYP0000000001",
    );
  });

  it("the full-screen view for the till: focus moves in, the screen is kept on, Escape closes it and gives the focus back", async () => {
    const wakeLock = fakeWakeLock();
    const { user } = await renderScreen(<Overview />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const till = screen.getByRole("region", { name: "Ma carte en caisse" });
    const open = await within(till).findByRole("button", { name: "Plein écran pour la caisse" });
    await user.click(open);

    const dialog = screen.getByRole("dialog", { name: "Carte CYP0000000001 pour la caisse" });
    expect(within(dialog).getByRole("button", { name: "Fermer" })).toHaveFocus();
    expect(scanCode128(barsOfSvg(within(dialog).getByRole("img", { name: "Carte CYP0000000001" })))).toBe(
      "CYP0000000001",
    );
    expect(dialog).toHaveTextContent("CYP0000000001");
    await waitFor(() => expect(wakeLock.request).toHaveBeenCalledWith("screen"));

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(open).toHaveFocus();
    await waitFor(() => expect(wakeLock.release).toHaveBeenCalledTimes(1));
  });

  it("links to the other screens the site offers", async () => {
    await renderScreen(<Overview />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const manage = screen.getByRole("region", { name: "Gérer mon compte" });
    const links = within(manage).getAllByRole("link");
    const names = messagesFor("fr-FR");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      [names["account.screen.profile"], "/account/profile/"],
      [names["account.screen.history"], "/account/history/"],
      [names["account.screen.rewards"], "/account/rewards/"],
      [names["account.screen.cards"], "/account/cards/"],
      [names["account.screen.watchlist"], "/account/watchlist/"],
      [names["account.screen.cinemas"], "/account/cinemas/"],
      [names["account.screen.giftCard"], "/account/gift-card/"],
      [names["account.screen.deleteAccount"], "/account/delete/"],
    ]);
  });

  it("offers no wallet pass where the site has no circuit id (the pass route carries it)", async () => {
    await renderScreen(<Overview />, {
      siteId: "lumiere",
      signedInAs: "active.v3@example.com",
      loyalty: { circuitId: "" },
    });
    expect(screen.queryByRole("button", { name: /Wallet/ })).toBeNull();
  });

  it("opens the payment provider's portal in the same tab", async () => {
    const { user } = await renderScreen(<Overview />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    const payment = await pressIn(user, "Moyen de paiement", "Gérer mon moyen de paiement");
    expect(await within(payment).findByRole("status")).toHaveTextContent("Ouverture de l'espace de paiement…");
    expect(go).toHaveBeenCalledTimes(1);
    expect(go.mock.calls[0]?.[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/payment-portal\/[\w-]+$/);
  });

  it("a portal that cannot be opened says so in a focused alert, and nothing is followed", async () => {
    const { user } = await renderScreen(<Overview />, { siteId: "lumiere", signedInAs: "active.v3@example.com" });
    sandbox().forceNextError("/Member/GetPaymentProviderPortalSession", 1);
    const payment = await pressIn(user, "Moyen de paiement", "Gérer mon moyen de paiement");
    await expectFocusedAlert(payment, "L'espace de paiement n'a pas pu être ouvert. Veuillez réessayer.");
    expect(go).not.toHaveBeenCalled();
  });
});

describe("the welcome after sign-up (issue 46: reached with the welcome in the navigation's state)", () => {
  it("French site (v3): focused, with the card as a number and a code that scans, and the two favourites as next steps", async () => {
    await renderScreen(<Overview />, {
      siteId: "lumiere",
      signedInAs: "active.v3@example.com",
      entryState: { ...WELCOME_STATE, key: "1" },
    });
    const welcome = screen.getByRole("region", { name: "Bienvenue au club, Ada !" });
    expect(within(welcome).getByRole("heading", { level: 2 })).toHaveFocus();
    expect(welcome).toHaveTextContent("Votre numéro de carte est le CYP0000000001.");
    const code = await within(welcome).findByRole("img", { name: "Carte CYP0000000001" });
    expect(scanCode128(barsOfSvg(code))).toBe("CYP0000000001");
    // The code is the welcome's: the till's own section is not shown twice.
    expect(screen.queryByRole("region", { name: "Ma carte en caisse" })).toBeNull();
    expect(
      within(welcome)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Choisir mon cinéma préféré", "/account/cinemas/"],
      ["Garder les films qui me tentent dans ma liste", "/films/"],
    ]);
    // The rest of the overview is there below it.
    expect(detail("Numéro de carte")).toBe("CYP0000000001");
  });

  it("US site (v1), a member without a card yet: says when the number comes, and what every member has as next steps", async () => {
    await renderScreen(<Overview />, {
      siteId: "starlight",
      signedInAs: "active.v1@example.com",
      entryState: WELCOME_STATE,
    });
    const welcome = screen.getByRole("region", { name: "Welcome to the club, Victor!" });
    expect(welcome).toHaveTextContent("Your card number will appear here as soon as the club issues it.");
    expect(within(welcome).queryByRole("img")).toBeNull();
    expect(
      within(welcome)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["See what's on", "/films/"],
      ["Discover the rewards", "/account/rewards/"],
    ]);
  });

  it("an overview reached any other way has no welcome", async () => {
    await renderScreen(<Overview />, {
      siteId: "lumiere",
      signedInAs: "active.v3@example.com",
      entryState: { key: "2" },
    });
    expect(await screen.findByRole("region", { name: "Ma carte en caisse" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /^Bienvenue/ })).toBeNull();
  });
});

describe("overview on the US site (v1)", () => {
  it("a member without a card, whose membership ends on a date (en-US)", async () => {
    const { session } = await renderScreen(<Overview />, { siteId: "starlight", signedInAs: "active.v1@example.com" });
    const expiresAt = session().member?.expiresAt ?? "";
    expect(detail("Name")).toBe("Victor Vone");
    expect(detail("Points balance")).toBe("300 points");
    expect(detail("Card number")).toBe("No card yet");
    expect(detail("Membership ends")).toBe(
      new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date(expiresAt)),
    );
    expect(screen.queryByRole("region", { name: "My card on my phone" })).toBeNull();
    expect(screen.queryByRole("region", { name: "My card at the till" })).toBeNull();
    // Spec §9: favourite cinemas need a version 3 session; the US site has no watchlist.
    const links = within(screen.getByRole("region", { name: "Manage my account" })).getAllByRole("link");
    const names = messagesFor("en-US");
    expect(links.map((link) => link.textContent)).toEqual(
      (["profile", "history", "rewards", "cards", "giftCard", "deleteAccount"] as const).map(
        (screenName) => names[`account.screen.${screenName}`],
      ),
    );
  });

  it("the card at the till in English; the close button closes the full-screen view and gives the focus back", async () => {
    const { user } = await renderScreen(<Overview />, { siteId: "starlight", signedInAs: "active.v3@example.com" });
    const till = screen.getByRole("region", { name: "My card at the till" });
    expect(await within(till).findByRole("img", { name: "Card CYP0000000001" })).toBeInTheDocument();
    const open = within(till).getByRole("button", { name: "Full screen for the till" });
    await user.click(open);
    const dialog = screen.getByRole("dialog", { name: "Card CYP0000000001 for the till" });
    // No wake lock in this browser: the view opens all the same.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(open).toHaveFocus();
  });

  it("the loyalty card as a wallet pass: Apple Wallet downloads the .pkpass, Google Wallet follows the save link", async () => {
    const { user } = await renderScreen(<Overview />, {
      siteId: "starlight",
      signedInAs: "active.v3@example.com",
      client: recordingSandboxFetch().client,
    });
    const wallet = await pressIn(user, "My card on my phone", "Add my card to Apple Wallet");
    // The status says "Preparing your pass…" first: wait for what it says once the pass is there.
    const status = await within(wallet).findByRole("status");
    await waitFor(() =>
      expect(status).toHaveTextContent("Your pass has been downloaded. Open it to add it to Apple Wallet."),
    );
    expect(download).toHaveBeenCalledTimes(1);
    const [blob, fileName] = download.mock.calls[0] ?? [];
    expect(fileName).toBe("CYP0000000001.pkpass");
    expect(blob?.type).toBe("application/vnd.apple.pkpass");
    expect(blob?.size).toBeGreaterThan(0);

    await user.click(within(wallet).getByRole("button", { name: "Add my card to Google Wallet" }));
    expect(await within(wallet).findByText("Opening Google Wallet…")).toBeInTheDocument();
    expect(go).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.?[\w-]*$/),
    );
  });

  it("a pass the provider refuses is reported in a focused alert", async () => {
    const { user } = await renderScreen(<Overview />, {
      siteId: "starlight",
      signedInAs: "active.v3@example.com",
      client: recordingSandboxFetch().client,
    });
    sandbox().forceNextError("/AppleWallet/CreateLoyaltyCard/STARLIGHT", 1);
    const wallet = await pressIn(user, "My card on my phone", "Add my card to Apple Wallet");
    await expectFocusedAlert(wallet, "The pass could not be created. Please try again.");
    expect(download).not.toHaveBeenCalled();
  });
});
