import { act, renderHook, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { LoyaltyProvider, useMemberSession } from "../session/LoyaltyProvider";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { storeSession } from "../session/persistence";
import { rawDetails, routesOf, v1Session, v3Session } from "../../test/loyalty-fakes";
import type { SiteRuntime } from "../../site/model";
import {
  loadRuntimes,
  renderInLoyalty,
  withFreshVisitWatchingWarnings,
  withLoyalty,
} from "../../test/render-in-loyalty";
import { useWatchlist, WatchlistProvider, type FavouritesOutcome, type WatchlistFilm } from "./WatchlistProvider";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

let lumiere: SiteRuntime; // v3, BOOST_POS, includeWatchlist
let starlight: SiteRuntime; // v1, no watchlist
beforeAll(async () => {
  ({ lumiere, starlight } = await loadRuntimes());
});

const keep = { sessionTimeoutHours: 720, browserSessionOnly: false };
const seeded: WatchlistFilm = { externalFilmId: "1000021001", boxofficeId: null };
const another: WatchlistFilm = { externalFilmId: "1000030003", boxofficeId: null };
const unknownYet: WatchlistFilm = { externalFilmId: "9000000001", boxofficeId: null };
const GET = "/Member/v3/GetFavoriteFilms";
const ADD = "/Member/v3/AddFavoriteFilm";
const REMOVE = "/Member/v3/RemoveFavoriteFilm";

const warn = withFreshVisitWatchingWarnings();

function render(
  runtime: SiteRuntime,
  answers: Parameters<typeof renderInLoyalty>[1],
  options: { refreshOnStart?: boolean } = {},
) {
  return renderInLoyalty(
    runtime,
    answers,
    WatchlistProvider,
    () => ({ watchlist: useWatchlist(), session: useMemberSession() }),
    options,
  );
}

async function toggle(
  result: { current: { watchlist: ReturnType<typeof useWatchlist> } },
  film: WatchlistFilm,
): Promise<FavouritesOutcome> {
  let outcome: FavouritesOutcome = "ignored";
  await act(async () => {
    outcome = await result.current.watchlist.toggle(film);
  });
  return outcome;
}

it("useWatchlist throws outside its provider", () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  expect(() => renderHook(() => useWatchlist())).toThrow("useWatchlist must be used inside <WatchlistProvider>");
});

describe("availability", () => {
  it("the server render shows no list and no guest invite yet (restoring)", () => {
    storeSession(v3Session, keep);
    installSiteRuntime(lumiere);
    function Status() {
      const { status, films } = useWatchlist();
      return <p>{`${status}:${films.length}`}</p>;
    }
    const html = renderToString(
      <LoyaltyProvider externalToken={null}>
        <WatchlistProvider>
          <Status />
        </WatchlistProvider>
      </LoyaltyProvider>,
    );
    expect(html).toContain("restoring:0");
  });

  it("a guest: empty, no calls, toggling does nothing", async () => {
    const { result, calls } = await render(lumiere, {});
    expect(result.current.watchlist).toMatchObject({ available: false, status: "guest", films: [], error: null });
    expect(await toggle(result, another)).toBe("ignored");
    expect(calls).toEqual([]);
  });

  it("a site without the watchlist makes no calls, even for a v3 member", async () => {
    storeSession(v3Session, keep);
    const { result, calls } = await render(withLoyalty(lumiere, { includeWatchlist: false }), {});
    expect(result.current.session.status).toBe("loggedIn");
    expect(result.current.watchlist).toMatchObject({ available: false, status: "disabled", films: [] });
    expect(calls).toEqual([]);
  });

  it("a version 1 session on a version 3 site is not invited to sign in, and makes no calls", async () => {
    storeSession(v1Session, keep);
    const { result, calls } = await render(lumiere, {});
    expect(result.current.session.status).toBe("loggedIn");
    expect(result.current.watchlist).toMatchObject({ available: false, status: "disabled" });
    expect(calls).toEqual([]);
  });

  it("a version 1 site (even with includeWatchlist) makes no calls", async () => {
    storeSession(v1Session, keep);
    const { result, calls } = await render(withLoyalty(starlight, { includeWatchlist: true }), {});
    expect(result.current.session.status).toBe("loggedIn");
    expect(result.current.watchlist).toMatchObject({ available: false, status: "disabled" });
    expect(calls).toEqual([]);
  });
});

describe("a v3 member", () => {
  /** A signed-in v3 member whose list (the seeded film) has loaded; `changes` answers what they change next. */
  async function renderLoaded(changes: Parameters<typeof renderInLoyalty>[1] = {}) {
    storeSession(v3Session, keep);
    const rendered = await render(lumiere, {
      [GET]: { json: { peachCode: 0, externalFilmIds: ["1000021001"] } },
      ...changes,
    });
    await waitFor(() => expect(rendered.result.current.watchlist.status).toBe("ready"));
    return rendered;
  }

  it("loads the list once the session is restored, with the session token", async () => {
    const { result, calls } = await renderLoaded();
    expect(result.current.watchlist).toMatchObject({ available: true, films: ["1000021001"] });
    expect(result.current.watchlist.isInWatchlist(seeded)).toBe(true);
    expect(result.current.watchlist.isInWatchlist(another)).toBe(false);
    expect(routesOf(calls)).toEqual([GET]);
    expect(calls[0]?.headers["Cypher-Session-Token"]).toBe("tok-3");
  });

  it("toggle adds a film that is not listed: pending while the call runs, then the server's list", async () => {
    const { result, calls } = await renderLoaded({
      [ADD]: { json: { peachCode: 0, externalFilmIds: ["1000021001", "1000030003"] } },
    });
    let running: Promise<FavouritesOutcome> = Promise.resolve("ignored");
    act(() => {
      running = result.current.watchlist.toggle(another);
    });
    expect(result.current.watchlist.pending(another)).toBe(true);
    expect(result.current.watchlist.pending(seeded)).toBe(false);
    let outcome: FavouritesOutcome = "ignored";
    await act(async () => {
      outcome = await running;
    });
    expect(outcome).toBe("done");
    expect(result.current.watchlist.films).toEqual(["1000021001", "1000030003"]);
    expect(result.current.watchlist.pending(another)).toBe(false);
    expect(calls[1]?.body).toMatchObject({ externalFilmId: "1000030003", boxofficeId: null });
  });

  it("toggle removes a listed film", async () => {
    const { result, calls } = await renderLoaded({ [REMOVE]: { json: { peachCode: 0, externalFilmIds: [] } } });
    expect(await toggle(result, seeded)).toBe("done");
    expect(result.current.watchlist.films).toEqual([]);
    expect(routesOf(calls)).toEqual([GET, REMOVE]);
  });

  it("code 72: the list is unchanged, the failure is exposed and logged", async () => {
    const { result } = await renderLoaded({ [ADD]: { json: { peachCode: 72 } } });
    expect(await toggle(result, unknownYet)).toBe("failed");
    expect(result.current.watchlist.films).toEqual(["1000021001"]);
    expect(result.current.watchlist.error).toEqual({
      filmId: "9000000001",
      change: "add",
      failure: { kind: "provider", code: 72 },
      messageId: "favourites.watchlist.error.add",
    });
    expect(warn()).toHaveBeenCalledWith(expect.stringContaining("provider 72"));
    act(() => result.current.watchlist.dismissError());
    expect(result.current.watchlist.error).toBeNull();
  });

  it("a network failure: the list is unchanged, logged, and exposed too", async () => {
    const { result } = await renderLoaded({ [REMOVE]: "throw" });
    expect(await toggle(result, seeded)).toBe("failed");
    expect(result.current.watchlist.films).toEqual(["1000021001"]);
    expect(result.current.watchlist.error).toMatchObject({
      filmId: "1000021001",
      change: "remove",
      failure: { kind: "network" },
    });
    expect(warn()).toHaveBeenCalledWith(expect.stringContaining("network"));
  });

  it("a failed load shows an empty list with status failed, and is logged", async () => {
    storeSession(v3Session, keep);
    // A provider failure other than a refused token (code 7 renews the session: token-handover.ts).
    const { result } = await render(lumiere, { [GET]: { json: { peachCode: 99 } } });
    await waitFor(() => expect(result.current.watchlist.status).toBe("failed"));
    expect(result.current.watchlist.films).toEqual([]);
    expect(warn()).toHaveBeenCalled();
  });

  it("signing out empties the list; the token refresh does not fetch it again", async () => {
    // Issued an hour ago, so the page refreshes it at start (STARTUP_REFRESH_GRACE_MS).
    storeSession(v3Session, { ...keep, now: () => Date.now() - 3_600_000 });
    const { result, calls } = await render(
      lumiere,
      {
        [GET]: { json: { peachCode: 0, externalFilmIds: ["1000021001"] } },
        "/Member/v3/RefreshLogin": {
          json: { peachCode: 0, sessionManagementTokens: { token: "new-tok", refreshTokenHeld: true } },
        },
        "/Member/v3/GetMember/": { json: { peachCode: 0, memberDetails: rawDetails() } },
        "/Member/v3/Logout": { json: { peachCode: 0 } },
        [REMOVE]: { json: { peachCode: 0, externalFilmIds: [] } },
      },
      { refreshOnStart: true },
    );
    await waitFor(() => expect(result.current.session.session?.token).toBe("new-tok"), { timeout: 2000 });
    expect(routesOf(calls).filter((route) => route === GET)).toHaveLength(1);
    expect(result.current.watchlist.films).toEqual(["1000021001"]);
    // Later calls carry the refreshed token.
    expect(await toggle(result, seeded)).toBe("done");
    expect(calls.at(-1)?.headers["Cypher-Session-Token"]).toBe("new-tok");
    await act(async () => {
      await result.current.session.logout();
    });
    expect(result.current.watchlist).toMatchObject({ available: false, status: "guest", films: [] });
  });

  it("another member signing in never sees the previous member's list", async () => {
    storeSession(v3Session, keep);
    const { result } = await render(lumiere, {
      [GET]: [
        { json: { peachCode: 0, externalFilmIds: ["1000021001"] } },
        { json: { peachCode: 0, externalFilmIds: ["2000000002"] } },
      ],
      "/Member/v3/Login": {
        json: {
          peachCode: 0,
          memberDetails: rawDetails({ memberId: "200002" }),
          sessionManagementTokens: { token: "t2", refreshTokenHeld: true },
        },
      },
    });
    await waitFor(() => expect(result.current.watchlist.films).toEqual(["1000021001"]));
    const seen: (readonly string[])[] = [];
    await act(async () => {
      await result.current.session.login("grace@example.com", "pw");
    });
    seen.push(result.current.watchlist.films);
    await waitFor(() => expect(result.current.watchlist.films).toEqual(["2000000002"]));
    expect(seen.flat()).not.toContain("1000021001");
  });

  it("signing in loads the member's list", async () => {
    const { result } = await render(lumiere, {
      "/Member/v3/Login": {
        json: {
          peachCode: 0,
          memberDetails: rawDetails(),
          sessionManagementTokens: { token: "t", refreshTokenHeld: true },
        },
      },
      [GET]: { json: { peachCode: 0, externalFilmIds: ["1000021001"] } },
    });
    expect(result.current.watchlist.status).toBe("guest");
    await act(async () => {
      await result.current.session.login("ada@example.com", "pw");
    });
    await waitFor(() => expect(result.current.watchlist.status).toBe("ready"));
    expect(result.current.watchlist.isInWatchlist("1000021001")).toBe(true);
  });
});
