import type { LoyaltyFailure } from "../types";
import {
  initialWatchlistState,
  isListed,
  reduceWatchlist,
  watchlistIdOf,
  watchlistReducer,
  type WatchlistAction,
} from "./watchlist";

const code72: LoyaltyFailure = { kind: "provider", code: 72 };
const network: LoyaltyFailure = { kind: "network" };
const loaded = (films: string[], request = 1): WatchlistAction[] => [
  { type: "loadStarted", request },
  { type: "loaded", request, films },
];

describe("loading", () => {
  it("idle → loading → ready with the server's list", () => {
    expect(reduceWatchlist([{ type: "loadStarted", request: 1 }])).toMatchObject({ status: "loading", films: [] });
    expect(reduceWatchlist(loaded(["A", "B"]))).toMatchObject({
      status: "ready",
      films: ["A", "B"],
      loadRequest: null,
    });
  });

  it("a failed load leaves an empty list and keeps the failure", () => {
    expect(
      reduceWatchlist([
        { type: "loadStarted", request: 1 },
        { type: "loadFailed", request: 1, failure: network },
      ]),
    ).toMatchObject({
      status: "failed",
      films: [],
      loadFailure: network,
    });
  });

  it("a reload keeps the list shown until the new one arrives", () => {
    const state = reduceWatchlist([...loaded(["A"]), { type: "loadStarted", request: 2 }]);
    expect(state).toMatchObject({ status: "loading", films: ["A"] });
    expect(watchlistReducer(state, { type: "loaded", request: 2, films: ["A", "B"] }).films).toEqual(["A", "B"]);
  });

  it("only the latest load's answer counts", () => {
    const state = reduceWatchlist([
      { type: "loadStarted", request: 1 },
      { type: "loadStarted", request: 2 },
      { type: "loaded", request: 1, films: ["old"] },
    ]);
    expect(state).toMatchObject({ status: "loading", films: [] });
  });
});

describe("toggling a film", () => {
  it("adding: pending while the call runs, then the server's list", () => {
    const started = reduceWatchlist([
      ...loaded(["A"]),
      { type: "toggleStarted", request: 2, filmId: "B", change: "add" },
    ]);
    expect(started.films).toEqual(["A"]); // not optimistic: spec §4 changes the list on peachCode 0 only
    expect(started.pending.get("B")).toEqual({ request: 2, change: "add" });
    const done = watchlistReducer(started, { type: "filmAdded", request: 2, filmId: "B", films: ["A", "B"] });
    expect(done).toMatchObject({ films: ["A", "B"], error: null });
    expect(done.pending.size).toBe(0);
  });

  it("removing: the server's list replaces the local one", () => {
    const state = reduceWatchlist([
      ...loaded(["A", "B"]),
      { type: "toggleStarted", request: 2, filmId: "A", change: "remove" },
      { type: "filmRemoved", request: 2, filmId: "A", films: ["B"] },
    ]);
    expect(state.films).toEqual(["B"]);
  });

  it.each([
    ["a provider refusal (code 72)", "add", code72, "favourites.watchlist.error.add"],
    ["a network failure", "remove", network, "favourites.watchlist.error.remove"],
  ] as const)(
    "%s on %s: list unchanged, pending cleared, the failure kept for display",
    (_name, change, failure, messageId) => {
      const state = reduceWatchlist([
        ...loaded(["A"]),
        { type: "toggleStarted", request: 2, filmId: change === "add" ? "9001" : "A", change },
        { type: "toggleFailed", request: 2, filmId: change === "add" ? "9001" : "A", failure },
      ]);
      expect(state.films).toEqual(["A"]);
      expect(state.pending.size).toBe(0);
      expect(state.error).toEqual({ filmId: change === "add" ? "9001" : "A", change, failure, messageId });
    },
  );

  it("the error goes when the next change starts, or when dismissed", () => {
    const failed = reduceWatchlist([
      ...loaded([]),
      { type: "toggleStarted", request: 2, filmId: "9001", change: "add" },
      { type: "toggleFailed", request: 2, filmId: "9001", failure: code72 },
    ]);
    expect(
      watchlistReducer(failed, { type: "toggleStarted", request: 3, filmId: "B", change: "add" }).error,
    ).toBeNull();
    expect(watchlistReducer(failed, { type: "errorDismissed" }).error).toBeNull();
  });

  it("pending is per film: two films at once, and a second toggle of a pending film is ignored", () => {
    const state = reduceWatchlist([
      ...loaded([]),
      { type: "toggleStarted", request: 2, filmId: "A", change: "add" },
      { type: "toggleStarted", request: 3, filmId: "B", change: "add" },
      { type: "toggleStarted", request: 4, filmId: "A", change: "remove" },
    ]);
    expect([...state.pending.entries()]).toEqual([
      ["A", { request: 2, change: "add" }],
      ["B", { request: 3, change: "add" }],
    ]);
    const afterA = watchlistReducer(state, { type: "filmAdded", request: 2, filmId: "A", films: ["A"] });
    expect([...afterA.pending.keys()]).toEqual(["B"]);
  });

  it("an answer older than the list shown does not replace it", () => {
    const state = reduceWatchlist([
      ...loaded([]),
      { type: "toggleStarted", request: 2, filmId: "A", change: "add" },
      { type: "toggleStarted", request: 3, filmId: "B", change: "add" },
      { type: "filmAdded", request: 3, filmId: "B", films: ["A", "B"] },
      { type: "filmAdded", request: 2, filmId: "A", films: ["A"] },
    ]);
    expect(state.films).toEqual(["A", "B"]);
    expect(state.pending.size).toBe(0);
  });

  it("a load sent before a change does not undo it when it answers late", () => {
    const state = reduceWatchlist([
      { type: "loadStarted", request: 1 },
      { type: "toggleStarted", request: 2, filmId: "A", change: "add" },
      { type: "filmAdded", request: 2, filmId: "A", films: ["A"] },
      { type: "loaded", request: 1, films: [] },
    ]);
    expect(state).toMatchObject({ status: "ready", films: ["A"] });
  });
});

describe("session ended", () => {
  it("empties everything, and late answers of the old session are ignored", () => {
    const ended = reduceWatchlist([
      ...loaded(["A"]),
      { type: "loadStarted", request: 2 },
      { type: "toggleStarted", request: 3, filmId: "B", change: "add" },
      { type: "sessionEnded" },
    ]);
    expect(ended).toEqual(initialWatchlistState);
    const late = reduceWatchlist(
      [
        { type: "loaded", request: 2, films: ["A"] },
        { type: "filmAdded", request: 3, filmId: "B", films: ["A", "B"] },
        { type: "toggleFailed", request: 3, filmId: "B", failure: network },
      ],
      ended,
    );
    expect(late).toEqual(initialWatchlistState);
  });
});

describe("film ids", () => {
  it("watchlistIdOf: externalFilmId, else boxofficeId as text, else empty", () => {
    expect(watchlistIdOf({ externalFilmId: "E1", boxofficeId: 7 })).toBe("E1");
    expect(watchlistIdOf({ externalFilmId: null, boxofficeId: 7 })).toBe("7");
    expect(watchlistIdOf({ externalFilmId: "", boxofficeId: null })).toBe("");
  });

  it("isListed matches either id of a film, or an id as given", () => {
    expect(isListed(["7"], { externalFilmId: "E1", boxofficeId: 7 })).toBe(true);
    expect(isListed(["E1"], { externalFilmId: "E1", boxofficeId: null })).toBe(true);
    expect(isListed(["E2"], { externalFilmId: "E1", boxofficeId: 7 })).toBe(false);
    expect(isListed(["E1"], "E1")).toBe(true);
    expect(isListed([""], "")).toBe(false);
  });
});
