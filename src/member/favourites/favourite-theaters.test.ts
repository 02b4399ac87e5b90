import type { LoyaltyFailure } from "../types";
import {
  favouriteTheatersReducer,
  initialFavouriteTheatersState,
  isLoading,
  reduceFavouriteTheaters,
  refreshesMember,
  type FavouriteTheatersAction,
} from "./favourite-theaters";
import { itReturns } from "../../test/tables";

const lum01 = { theaterId: "LUM01", newsletter: true };
const lum02 = { theaterId: "LUM02", newsletter: true };
const refused: LoyaltyFailure = { kind: "provider", code: 1, clientErrorMessage: "bad entry" };
const network: LoyaltyFailure = { kind: "network" };
const proxy: LoyaltyFailure = { kind: "proxy", code: "upstream_timeout" };
const loaded: FavouriteTheatersAction[] = [
  { type: "loadStarted", request: 1 },
  { type: "loaded", request: 1, theaters: [lum01] },
];

describe("loading", () => {
  it("the loading flag holds while the load runs; the list is the server's", () => {
    const started = reduceFavouriteTheaters([{ type: "loadStarted", request: 1 }]);
    expect(isLoading(started)).toBe(true);
    expect(started.status).toBe("loading");
    const done = reduceFavouriteTheaters(loaded);
    expect(isLoading(done)).toBe(false);
    expect(done).toMatchObject({ status: "ready", theaters: [lum01], error: null });
  });

  it("a provider refusal stores the §8 loading message", () => {
    const state = reduceFavouriteTheaters([
      { type: "loadStarted", request: 1 },
      { type: "loadFailed", request: 1, failure: refused },
    ]);
    expect(state).toMatchObject({
      status: "failed",
      theaters: [],
      error: { messageId: "favourites.theaters.error.load", failure: refused },
    });
    expect(isLoading(state)).toBe(false);
  });

  it.each([
    ["network", network],
    ["proxy", proxy],
  ] as const)("a %s failure stores no message (logged only)", (_name, failure) => {
    const state = reduceFavouriteTheaters([
      { type: "loadStarted", request: 1 },
      { type: "loadFailed", request: 1, failure },
    ]);
    expect(state).toMatchObject({ status: "failed", theaters: [], error: null });
  });
});

describe("changes", () => {
  /** The state once the list has loaded and a change of it (request 2) has failed. */
  const afterFailedChange = (change: "add" | "remove", failure: LoyaltyFailure) =>
    reduceFavouriteTheaters([
      ...loaded,
      { type: "changeStarted", request: 2, change },
      { type: "changeFailed", request: 2, failure },
    ]);

  it.each([
    ["theaterAdded", "add", [lum01, lum02]],
    ["theaterRemoved", "remove", []],
    ["newsletterUpdated", "newsletter", [{ theaterId: "LUM01", newsletter: false }]],
  ] as const)("%s replaces the list with the server's and clears the loading flag", (type, change, theaters) => {
    const started = reduceFavouriteTheaters([...loaded, { type: "changeStarted", request: 2, change }]);
    expect(isLoading(started)).toBe(true);
    expect(started.theaters).toEqual([lum01]);
    const done = favouriteTheatersReducer(started, { type, request: 2, theaters });
    expect(done.theaters).toEqual(theaters);
    expect(isLoading(done)).toBe(false);
  });

  it("a provider failure keeps the previous list and stores the §8 action message", () => {
    const state = afterFailedChange("add", refused);
    expect(state).toMatchObject({
      status: "ready",
      theaters: [lum01],
      error: { messageId: "favourites.theaters.error.action", failure: refused },
    });
    expect(isLoading(state)).toBe(false);
  });

  it("a network failure keeps the list and stores no message", () => {
    const state = afterFailedChange("remove", network);
    expect(state).toMatchObject({ theaters: [lum01], error: null });
  });

  it("the message goes when the next request starts, or when dismissed", () => {
    const failed = afterFailedChange("add", refused);
    expect(favouriteTheatersReducer(failed, { type: "changeStarted", request: 3, change: "add" }).error).toBeNull();
    expect(favouriteTheatersReducer(failed, { type: "errorDismissed" }).error).toBeNull();
  });

  it("the loading flag holds until every overlapping request has answered", () => {
    const state = reduceFavouriteTheaters([
      ...loaded,
      { type: "changeStarted", request: 2, change: "add" },
      { type: "changeStarted", request: 3, change: "newsletter" },
      { type: "theaterAdded", request: 2, theaters: [lum01, lum02] },
    ]);
    expect(isLoading(state)).toBe(true);
    expect(isLoading(favouriteTheatersReducer(state, { type: "changeFailed", request: 3, failure: network }))).toBe(
      false,
    );
  });

  it("a list older than the one shown does not replace it", () => {
    const state = reduceFavouriteTheaters([
      { type: "loadStarted", request: 1 },
      { type: "changeStarted", request: 2, change: "add" },
      { type: "theaterAdded", request: 2, theaters: [lum01, lum02] },
      { type: "loaded", request: 1, theaters: [lum01] },
    ]);
    expect(state).toMatchObject({ status: "ready", theaters: [lum01, lum02] });
    expect(isLoading(state)).toBe(false);
  });
});

describe("the refresh-or-not rule (spec §4)", () => {
  itReturns(
    refreshesMember,
    [
      [{ type: "theaterAdded", request: 1, theaters: [] }, true],
      [{ type: "theaterRemoved", request: 1, theaters: [] }, true],
      [{ type: "newsletterUpdated", request: 1, theaters: [] }, false],
      [{ type: "loaded", request: 1, theaters: [] }, false],
      [{ type: "changeFailed", request: 1, failure: refused }, false],
      [{ type: "loadFailed", request: 1, failure: refused }, false],
      [{ type: "changeStarted", request: 1, change: "add" }, false],
    ],
    "%j → refresh the member: %s",
  );
});

describe("session ended", () => {
  it("empties the list, clears the flag, and ignores late answers", () => {
    const ended = reduceFavouriteTheaters([
      ...loaded,
      { type: "changeStarted", request: 2, change: "add" },
      { type: "sessionEnded" },
    ]);
    expect(ended).toEqual(initialFavouriteTheatersState);
    const late = reduceFavouriteTheaters(
      [
        { type: "theaterAdded", request: 2, theaters: [lum01, lum02] },
        { type: "changeFailed", request: 2, failure: refused },
      ],
      ended,
    );
    expect(late).toEqual(initialFavouriteTheatersState);
  });
});
