import type { LoyaltyFailure } from "../loyalty/session/types";
import {
  favouriteTheatresReducer,
  initialFavouriteTheatresState,
  isLoading,
  reduceFavouriteTheatres,
  refreshesMember,
  type FavouriteTheatresAction,
} from "./favourite-theatres";

const lum01 = { theatreId: "LUM01", newsletter: true };
const lum02 = { theatreId: "LUM02", newsletter: true };
const refused: LoyaltyFailure = { kind: "provider", code: 1, clientErrorMessage: "bad entry" };
const network: LoyaltyFailure = { kind: "network" };
const proxy: LoyaltyFailure = { kind: "proxy", code: "upstream_timeout" };
const loaded: FavouriteTheatresAction[] = [
  { type: "loadStarted", request: 1 },
  { type: "loaded", request: 1, theatres: [lum01] },
];

describe("loading", () => {
  it("the loading flag holds while the load runs; the list is the server's", () => {
    const started = reduceFavouriteTheatres([{ type: "loadStarted", request: 1 }]);
    expect(isLoading(started)).toBe(true);
    expect(started.status).toBe("loading");
    const done = reduceFavouriteTheatres(loaded);
    expect(isLoading(done)).toBe(false);
    expect(done).toMatchObject({ status: "ready", theatres: [lum01], error: null });
  });

  it("a provider refusal stores the §8 loading message", () => {
    const state = reduceFavouriteTheatres([
      { type: "loadStarted", request: 1 },
      { type: "loadFailed", request: 1, failure: refused },
    ]);
    expect(state).toMatchObject({
      status: "failed",
      theatres: [],
      error: { messageId: "favourites.theatres.error.load", failure: refused },
    });
    expect(isLoading(state)).toBe(false);
  });

  it.each([
    ["network", network],
    ["proxy", proxy],
  ] as const)("a %s failure stores no message (logged only)", (_name, failure) => {
    const state = reduceFavouriteTheatres([
      { type: "loadStarted", request: 1 },
      { type: "loadFailed", request: 1, failure },
    ]);
    expect(state).toMatchObject({ status: "failed", theatres: [], error: null });
  });
});

describe("changes", () => {
  it.each([
    ["theatreAdded", "add", [lum01, lum02]],
    ["theatreRemoved", "remove", []],
    ["newsletterUpdated", "newsletter", [{ theatreId: "LUM01", newsletter: false }]],
  ] as const)("%s replaces the list with the server's and clears the loading flag", (type, change, theatres) => {
    const started = reduceFavouriteTheatres([...loaded, { type: "changeStarted", request: 2, change }]);
    expect(isLoading(started)).toBe(true);
    expect(started.theatres).toEqual([lum01]);
    const done = favouriteTheatresReducer(started, { type, request: 2, theatres });
    expect(done.theatres).toEqual(theatres);
    expect(isLoading(done)).toBe(false);
  });

  it("a provider failure keeps the previous list and stores the §8 action message", () => {
    const state = reduceFavouriteTheatres([
      ...loaded,
      { type: "changeStarted", request: 2, change: "add" },
      { type: "changeFailed", request: 2, failure: refused },
    ]);
    expect(state).toMatchObject({
      status: "ready",
      theatres: [lum01],
      error: { messageId: "favourites.theatres.error.action", failure: refused },
    });
    expect(isLoading(state)).toBe(false);
  });

  it("a network failure keeps the list and stores no message", () => {
    const state = reduceFavouriteTheatres([
      ...loaded,
      { type: "changeStarted", request: 2, change: "remove" },
      { type: "changeFailed", request: 2, failure: network },
    ]);
    expect(state).toMatchObject({ theatres: [lum01], error: null });
  });

  it("the message goes when the next request starts, or when dismissed", () => {
    const failed = reduceFavouriteTheatres([
      ...loaded,
      { type: "changeStarted", request: 2, change: "add" },
      { type: "changeFailed", request: 2, failure: refused },
    ]);
    expect(favouriteTheatresReducer(failed, { type: "changeStarted", request: 3, change: "add" }).error).toBeNull();
    expect(favouriteTheatresReducer(failed, { type: "errorDismissed" }).error).toBeNull();
  });

  it("the loading flag holds until every overlapping request has answered", () => {
    const state = reduceFavouriteTheatres([
      ...loaded,
      { type: "changeStarted", request: 2, change: "add" },
      { type: "changeStarted", request: 3, change: "newsletter" },
      { type: "theatreAdded", request: 2, theatres: [lum01, lum02] },
    ]);
    expect(isLoading(state)).toBe(true);
    expect(isLoading(favouriteTheatresReducer(state, { type: "changeFailed", request: 3, failure: network }))).toBe(
      false,
    );
  });

  it("a list older than the one shown does not replace it", () => {
    const state = reduceFavouriteTheatres([
      { type: "loadStarted", request: 1 },
      { type: "changeStarted", request: 2, change: "add" },
      { type: "theatreAdded", request: 2, theatres: [lum01, lum02] },
      { type: "loaded", request: 1, theatres: [lum01] },
    ]);
    expect(state).toMatchObject({ status: "ready", theatres: [lum01, lum02] });
    expect(isLoading(state)).toBe(false);
  });
});

describe("the refresh-or-not rule (spec §4)", () => {
  it.each<[FavouriteTheatresAction, boolean]>([
    [{ type: "theatreAdded", request: 1, theatres: [] }, true],
    [{ type: "theatreRemoved", request: 1, theatres: [] }, true],
    [{ type: "newsletterUpdated", request: 1, theatres: [] }, false],
    [{ type: "loaded", request: 1, theatres: [] }, false],
    [{ type: "changeFailed", request: 1, failure: refused }, false],
    [{ type: "loadFailed", request: 1, failure: refused }, false],
    [{ type: "changeStarted", request: 1, change: "add" }, false],
  ])("%j → refresh the member: %s", (action, expected) => {
    expect(refreshesMember(action)).toBe(expected);
  });
});

describe("session ended", () => {
  it("empties the list, clears the flag, and ignores late answers", () => {
    const ended = reduceFavouriteTheatres([
      ...loaded,
      { type: "changeStarted", request: 2, change: "add" },
      { type: "sessionEnded" },
    ]);
    expect(ended).toEqual(initialFavouriteTheatresState);
    const late = reduceFavouriteTheatres(
      [
        { type: "theatreAdded", request: 2, theatres: [lum01, lum02] },
        { type: "changeFailed", request: 2, failure: refused },
      ],
      ended,
    );
    expect(late).toEqual(initialFavouriteTheatresState);
  });
});
