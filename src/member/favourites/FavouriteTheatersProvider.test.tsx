import { act, renderHook, waitFor } from "@testing-library/react";
import { useMemberSession } from "../session/LoyaltyProvider";
import { storeSession } from "../session/persistence";
import { rawDetails, routesOf, v1Session, v3Session } from "../../test/loyalty-fakes";
import type { SiteRuntime } from "../../site/model";
import { FavouriteTheatersProvider, useFavouriteTheaters, type FavouritesOutcome } from "./FavouriteTheatersProvider";
import { loadRuntimes, renderInLoyalty, withFreshVisitWatchingWarnings } from "../../test/render-in-loyalty";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

let lumiere: SiteRuntime; // v3
let starlight: SiteRuntime; // v1
beforeAll(async () => {
  ({ lumiere, starlight } = await loadRuntimes());
});

const keep = { sessionTimeoutHours: 720, browserSessionOnly: false };
const GET = "/Member/v3/GetFavoriteCinemas";
const ADD = "/Member/v3/AddFavoriteCinema";
const REMOVE = "/Member/v3/RemoveFavoriteCinema";
const UPDATE = "/Member/v3/UpdateFavoriteCinemas";
const GET_MEMBER = "/Member/v3/GetMember/";
const lum01 = { boxofficeCinemaId: "LUM01", subscribeToNewsletter: true };
const lum02 = { boxofficeCinemaId: "LUM02", subscribeToNewsletter: true };
const seededAnswer = { json: { peachCode: 0, favoriteCinemas: [lum01] } };
const memberAnswer = { json: { peachCode: 0, memberDetails: rawDetails({ pointsBalance: 77 }) } };

const warn = withFreshVisitWatchingWarnings();

function render(runtime: SiteRuntime, answers: Parameters<typeof renderInLoyalty>[1]) {
  return renderInLoyalty(runtime, answers, FavouriteTheatersProvider, () => ({
    favourites: useFavouriteTheaters(),
    session: useMemberSession(),
  }));
}

type Rendered = Awaited<ReturnType<typeof render>>;

async function perform(
  result: Rendered["result"],
  action: (value: ReturnType<typeof useFavouriteTheaters>) => Promise<FavouritesOutcome>,
): Promise<FavouritesOutcome> {
  let outcome: FavouritesOutcome = "ignored";
  await act(async () => {
    outcome = await action(result.current.favourites);
  });
  return outcome;
}

async function signedIn(answers: Parameters<typeof renderInLoyalty>[1]): Promise<Rendered> {
  storeSession(v3Session, keep);
  const rendered = await render(lumiere, { [GET]: seededAnswer, ...answers });
  await waitFor(() => expect(rendered.result.current.favourites.status).toBe("ready"));
  return rendered;
}

it("useFavouriteTheaters throws outside its provider", () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  expect(() => renderHook(() => useFavouriteTheaters())).toThrow(
    "useFavouriteTheaters must be used inside <FavouriteTheatersProvider>",
  );
});

describe("availability (spec §4: cypherVersion 3 and a token)", () => {
  it("a guest: empty, no calls, actions do nothing", async () => {
    const { result, calls } = await render(lumiere, {});
    expect(result.current.favourites).toMatchObject({
      available: false,
      status: "idle",
      loading: false,
      theaters: [],
      error: null,
    });
    expect(await perform(result, (f) => f.addTheater("LUM01"))).toBe("ignored");
    expect(calls).toEqual([]);
  });

  it("a version 1 member: empty, no calls", async () => {
    storeSession(v1Session, keep);
    const { result, calls } = await render(starlight, {});
    expect(result.current.session.status).toBe("loggedIn");
    expect(result.current.favourites).toMatchObject({ available: false, theaters: [] });
    expect(await perform(result, (f) => f.setNewsletter("SL001", false))).toBe("ignored");
    expect(calls).toEqual([]);
  });
});

describe("a v3 member", () => {
  it("loads the list with the session token", async () => {
    const { result, calls } = await signedIn({});
    expect(result.current.favourites).toMatchObject({
      available: true,
      loading: false,
      theaters: [{ theaterId: "LUM01", newsletter: true }],
    });
    expect(result.current.favourites.isFavourite("LUM01")).toBe(true);
    expect(result.current.favourites.isFavourite("LUM02")).toBe(false);
    expect(routesOf(calls)).toEqual([GET]);
    expect(calls[0]?.headers["Cypher-Session-Token"]).toBe("tok-3");
  });

  it("add: loading while it runs, the server's list, newsletter on, then the member is refreshed", async () => {
    const { result, calls } = await signedIn({
      [ADD]: { json: { peachCode: 0, favoriteCinemas: [lum01, lum02] } },
      [GET_MEMBER]: memberAnswer,
    });
    let running: Promise<FavouritesOutcome> = Promise.resolve("ignored");
    act(() => {
      running = result.current.favourites.addTheater("LUM02");
    });
    expect(result.current.favourites.loading).toBe(true);
    await act(async () => {
      expect(await running).toBe("done");
    });
    expect(result.current.favourites.loading).toBe(false);
    expect(result.current.favourites.theaters).toEqual([
      { theaterId: "LUM01", newsletter: true },
      { theaterId: "LUM02", newsletter: true },
    ]);
    expect(calls[1]?.body).toMatchObject({
      favoriteCinemas: { boxofficeCinemaId: "LUM02", subscribeToNewsletter: true },
    });
    await waitFor(() => expect(result.current.session.member?.pointsBalance).toBe(77));
    expect(routesOf(calls)).toEqual([GET, ADD, GET_MEMBER]);
  });

  it("remove: the server's list, then the member is refreshed", async () => {
    const { result, calls } = await signedIn({
      [REMOVE]: { json: { peachCode: 0, favoriteCinemas: [] } },
      [GET_MEMBER]: memberAnswer,
    });
    expect(await perform(result, (f) => f.removeTheater("LUM01"))).toBe("done");
    expect(result.current.favourites.theaters).toEqual([]);
    expect(calls[1]?.body).toMatchObject({ boxofficeCinemaId: "LUM01" });
    await waitFor(() => expect(routesOf(calls)).toEqual([GET, REMOVE, GET_MEMBER]));
  });

  it("newsletter: the server's list, and the member is not refreshed", async () => {
    const { result, calls } = await signedIn({
      [UPDATE]: { json: { peachCode: 0, favoriteCinemas: [{ ...lum01, subscribeToNewsletter: false }] } },
    });
    expect(await perform(result, (f) => f.setNewsletter("LUM01", false))).toBe("done");
    expect(result.current.favourites.theaters).toEqual([{ theaterId: "LUM01", newsletter: false }]);
    expect(calls[1]?.body).toMatchObject({
      favoriteCinemas: [{ boxofficeCinemaId: "LUM01", subscribeToNewsletter: false }],
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(routesOf(calls)).toEqual([GET, UPDATE]);
  });

  it("a provider refusal keeps the list, stores the §8 action message, and does not refresh", async () => {
    const { result, calls } = await signedIn({ [ADD]: { json: { peachCode: 1, clientErrorMessage: "bad entry" } } });
    expect(await perform(result, (f) => f.addTheater("LUM02"))).toBe("failed");
    expect(result.current.favourites).toMatchObject({
      loading: false,
      theaters: [{ theaterId: "LUM01", newsletter: true }],
      error: {
        messageId: "favourites.theaters.error.action",
        failure: { kind: "provider", code: 1, clientErrorMessage: "bad entry" },
      },
    });
    expect(routesOf(calls)).toEqual([GET, ADD]);
    act(() => result.current.favourites.dismissError());
    expect(result.current.favourites.error).toBeNull();
  });

  it("a network failure keeps the list and is only logged", async () => {
    const { result } = await signedIn({ [REMOVE]: "throw" });
    expect(await perform(result, (f) => f.removeTheater("LUM01"))).toBe("failed");
    expect(result.current.favourites).toMatchObject({
      loading: false,
      theaters: [{ theaterId: "LUM01", newsletter: true }],
      error: null,
    });
    expect(warn()).toHaveBeenCalledWith(expect.stringContaining("network"));
  });

  it("a refused load stores the §8 loading message", async () => {
    storeSession(v3Session, keep);
    const { result } = await render(lumiere, { [GET]: { json: { peachCode: 1 } } });
    await waitFor(() => expect(result.current.favourites.status).toBe("failed"));
    expect(result.current.favourites).toMatchObject({
      theaters: [],
      error: { messageId: "favourites.theaters.error.load", failure: { kind: "provider", code: 1 } },
    });
  });

  it("signing out empties the list", async () => {
    const { result } = await signedIn({ "/Member/v3/Logout": { json: { peachCode: 0 } } });
    await act(async () => {
      await result.current.session.logout();
    });
    expect(result.current.favourites).toMatchObject({ available: false, theaters: [], loading: false });
  });
});
