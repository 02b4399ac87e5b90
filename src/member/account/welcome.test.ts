import type { AccountOffer } from "./routes";
import { isWelcomeState, welcomeSteps, WELCOME_STATE } from "./welcome";

describe("isWelcomeState: only a navigation that carries the welcome", () => {
  it.each([
    [WELCOME_STATE, true],
    [{ ...WELCOME_STATE, key: "k1" }, true],
    [{ memberWelcome: "true" }, false],
    [{ accountDeleted: true }, false],
    [null, false],
    [undefined, false],
    ["memberWelcome", false],
  ])("%p → %p", (state, expected) => expect(isWelcomeState(state)).toBe(expected));
});

describe("welcomeSteps: the favourites where the site offers them, else what every member has", () => {
  it.each<[string, AccountOffer, readonly string[]]>([
    ["v3 with a watchlist", { includeWatchlist: true, cypherVersion: 3 }, ["cinemas", "watchlist"]],
    ["v3 without a watchlist", { includeWatchlist: false, cypherVersion: 3 }, ["cinemas", "programme"]],
    ["v1 (no favourites)", { includeWatchlist: true, cypherVersion: 1 }, ["programme", "rewards"]],
    ["no session version yet", { includeWatchlist: true, cypherVersion: null }, ["programme", "rewards"]],
  ])("%s → %p", (_, offer, expected) => expect(welcomeSteps(offer)).toEqual(expected));
});
