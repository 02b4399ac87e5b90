import { FORGOT_PASSWORD_PATH } from "../../lib/paths";
import { accountEntryOf, accountPath, isOffered, loginPathFor, safeNextPath } from "./routes";
import { itReturns } from "../../test/tables";

describe("accountEntryOf: which screen a path under /account/ shows", () => {
  it.each([
    ["/account/", "overview"],
    ["/account", "overview"],
    ["/account/profile/", "profile"],
    ["/account/profile", "profile"],
    ["/account/gift-card/", "giftCard"],
    ["/account/reset-password/", "resetPassword"],
    ["/account/unknown/", null],
    ["/account/profile/extra/", null],
    ["/films/", null],
    ["/accounts/", null],
  ])("%s → %p", (pathname, screen) => {
    expect(accountEntryOf(pathname)?.screen ?? null).toBe(screen);
  });

  it("the path the sign-in dialog links to (src/lib/paths.ts) is the forgotten-password screen", () => {
    expect(FORGOT_PASSWORD_PATH).toBe(accountPath("forgotPassword"));
  });

  it("guests may open only the password screens", () => {
    expect(accountEntryOf("/account/forgot-password/")?.access).toBe("anyone");
    expect(accountEntryOf("/account/reset-password/")?.access).toBe("anyone");
    expect(accountEntryOf("/account/cards/")?.access).toBe("member");
  });

  it("accountPath and accountEntryOf agree for every screen", () => {
    for (const screen of [
      "overview",
      "profile",
      "history",
      "rewards",
      "cards",
      "watchlist",
      "cinemas",
      "giftCard",
      "deleteAccount",
      "forgotPassword",
      "resetPassword",
    ] as const) {
      expect(accountEntryOf(accountPath(screen))?.screen).toBe(screen);
    }
  });
});

describe("isOffered (spec §9: favourites require cypherVersion 3)", () => {
  it.each([
    ["watchlist", { includeWatchlist: true, cypherVersion: 3 }, true],
    ["watchlist", { includeWatchlist: false, cypherVersion: 3 }, false],
    ["watchlist", { includeWatchlist: true, cypherVersion: 1 }, false],
    ["cinemas", { includeWatchlist: false, cypherVersion: 3 }, true],
    ["cinemas", { includeWatchlist: true, cypherVersion: 1 }, false],
    ["cinemas", { includeWatchlist: true, cypherVersion: null }, false],
    ["cards", { includeWatchlist: false, cypherVersion: 1 }, true],
  ] as const)("%s with %o → %p", (screen, offer, expected) => {
    expect(isOffered(screen, offer)).toBe(expected);
  });
});

describe("safeNextPath: the login page only ever sends a member back into the account section", () => {
  itReturns(safeNextPath, [
    ["/account/cards/", "/account/cards/"],
    ["/account/history/?page=2", "/account/history/?page=2"],
    ["/account/../films/", null],
    ["//evil.example/account/", null],
    ["/account//evil.example", null],
    ["https://evil.example/account/", null],
    ["/account/\\evil", null],
    ["/films/", null],
    ["javascript:alert(1)", null],
    ["", null],
    [null, null],
  ]);
});

it.each([
  ["connexion", "/account/cards/", "/connexion/?next=%2Faccount%2Fcards%2F"],
  ["", "/account/", "/?next=%2Faccount%2F"],
])("loginPathFor(%p, %p)", (slug, next, expected) => {
  expect(loginPathFor(slug, next)).toBe(expected);
});
