import { heldClient, settle } from "../../test/loyalty-fakes";
import { createWatchlistStore } from "./watchlist-store";

const session = { token: "tok-3", cypherVersion: 3 } as const;
const film = (id: string) => ({ externalFilmId: id, boxofficeId: null });
const quiet = { warn: jest.fn() };

beforeEach(() => quiet.warn.mockReset());

it("loads on creation and toggles against the loaded list", async () => {
  const { client, calls } = heldClient();
  const store = createWatchlistStore(client, session, quiet);
  await settle();
  expect(store.getState().status).toBe("loading");
  expect(calls.map((c) => c.route)).toEqual(["/Member/v3/GetFavoriteFilms"]);
  await calls[0]?.answer({ peachCode: 0, externalFilmIds: ["A"] });
  expect(store.getState()).toMatchObject({ status: "ready", films: ["A"] });

  const removing = store.toggle(film("A"));
  const adding = store.toggle(film("B"));
  await settle();
  expect(calls.slice(1).map((c) => c.route)).toEqual(["/Member/v3/RemoveFavoriteFilm", "/Member/v3/AddFavoriteFilm"]);
  expect([...store.getState().pending.keys()]).toEqual(["A", "B"]);
  await calls[2]?.answer({ peachCode: 0, externalFilmIds: ["A", "B"] });
  await calls[1]?.answer({ peachCode: 0, externalFilmIds: ["B"] });
  expect(await removing).toBe("done");
  expect(await adding).toBe("done");
  // The remove was sent first, so its list is older than the add's: the add's stays.
  expect(store.getState().films).toEqual(["A", "B"]);
});

it("a toggle before the first list is known, or of a film already pending, is ignored", async () => {
  const { client, calls } = heldClient();
  const store = createWatchlistStore(client, session, quiet);
  expect(await store.toggle(film("A"))).toBe("ignored");
  await settle();
  await calls[0]?.answer({ peachCode: 0, externalFilmIds: [] });
  const first = store.toggle(film("A"));
  expect(await store.toggle(film("A"))).toBe("ignored");
  expect(await store.toggle({ externalFilmId: null, boxofficeId: null })).toBe("ignored");
  await settle();
  expect(calls).toHaveLength(2);
  await calls[1]?.answer({ peachCode: 0, externalFilmIds: ["A"] });
  expect(await first).toBe("done");
});

it("after a failed load a film can still be added", async () => {
  const { client, calls } = heldClient();
  const store = createWatchlistStore(client, session, quiet);
  await settle();
  await calls[0]?.fail();
  expect(store.getState()).toMatchObject({ status: "failed", films: [], loadFailure: { kind: "network" } });
  expect(quiet.warn).toHaveBeenCalledWith("Watchlist: the list could not be loaded (network)");
  const adding = store.toggle(film("A"));
  await settle();
  await calls[1]?.answer({ peachCode: 0, externalFilmIds: ["A"] });
  expect(await adding).toBe("done");
  expect(store.getState().films).toEqual(["A"]);
});

it("a renewed token is used by later calls; the list is not fetched again", async () => {
  const { client, calls } = heldClient();
  const store = createWatchlistStore(client, session, quiet);
  await settle();
  await calls[0]?.answer({ peachCode: 0, externalFilmIds: [] });
  store.renewSession({ token: "tok-renewed", cypherVersion: 3 });
  void store.toggle(film("A"));
  await settle();
  expect(calls.map((c) => [c.route, c.token])).toEqual([
    ["/Member/v3/GetFavoriteFilms", "tok-3"],
    ["/Member/v3/AddFavoriteFilm", "tok-renewed"],
  ]);
});

it("after end(), the list is empty, answers on their way are ignored and toggles do nothing", async () => {
  const { client, calls } = heldClient();
  const store = createWatchlistStore(client, session, quiet);
  await settle();
  await calls[0]?.answer({ peachCode: 0, externalFilmIds: ["A"] });
  const removing = store.toggle(film("A"));
  await settle();
  const listener = jest.fn();
  store.subscribe(listener);
  store.end();
  expect(store.getState()).toMatchObject({ status: "idle", films: [] });
  await calls[1]?.answer({ peachCode: 0, externalFilmIds: [] });
  expect(await removing).toBe("ignored");
  expect(store.getState()).toMatchObject({ status: "idle", films: [] });
  expect(listener).toHaveBeenCalledTimes(1);
  expect(await store.toggle(film("B"))).toBe("ignored");
});
