import { createFavouriteTheatersStore } from "./favourite-theaters-store";
import { heldClient, settle } from "../../test/loyalty-fakes";

const session = { token: "tok-3", cypherVersion: 3 } as const;
const lum01 = { boxofficeCinemaId: "LUM01", subscribeToNewsletter: true };
const lum02 = { boxofficeCinemaId: "LUM02", subscribeToNewsletter: true };

async function loaded() {
  const held = heldClient();
  const refreshMember = jest.fn();
  const warn = jest.fn();
  const store = createFavouriteTheatersStore(held.client, session, { refreshMember, warn });
  await settle();
  await held.calls[0]?.answer({ peachCode: 0, favoriteCinemas: [lum01] });
  return { ...held, store, refreshMember, warn };
}

it.each([
  ["addTheater", "/Member/v3/AddFavoriteCinema"],
  ["removeTheater", "/Member/v3/RemoveFavoriteCinema"],
] as const)("%s: the server's list, then the member is refreshed", async (method, route) => {
  const { store, calls, refreshMember } = await loaded();
  const running = store[method]("LUM02");
  await settle();
  expect(store.getState().inFlight).toHaveLength(1);
  expect(calls[1]?.route).toBe(route);
  await calls[1]?.answer({ peachCode: 0, favoriteCinemas: [lum01, lum02] });
  expect(await running).toBe("done");
  expect(store.getState().theaters).toEqual([
    { theaterId: "LUM01", newsletter: true },
    { theaterId: "LUM02", newsletter: true },
  ]);
  expect(refreshMember).toHaveBeenCalledTimes(1);
});

it("updateNewsletter: the server's list, no refresh", async () => {
  const { store, calls, refreshMember } = await loaded();
  const running = store.updateNewsletter([{ theaterId: "LUM01", newsletter: false }]);
  await settle();
  expect(calls[1]?.body).toMatchObject({
    favoriteCinemas: [{ boxofficeCinemaId: "LUM01", subscribeToNewsletter: false }],
  });
  await calls[1]?.answer({ peachCode: 0, favoriteCinemas: [{ ...lum01, subscribeToNewsletter: false }] });
  expect(await running).toBe("done");
  expect(store.getState().theaters).toEqual([{ theaterId: "LUM01", newsletter: false }]);
  expect(refreshMember).not.toHaveBeenCalled();
});

it("a provider refusal is stored, not logged; a network failure is logged, not stored; neither refreshes", async () => {
  const { store, calls, refreshMember, warn } = await loaded();
  const refused = store.addTheater("LUM02");
  await settle();
  await calls[1]?.answer({ peachCode: 1 });
  expect(await refused).toBe("failed");
  expect(store.getState()).toMatchObject({
    theaters: [{ theaterId: "LUM01", newsletter: true }],
    error: { messageId: "favourites.theaters.error.action" },
  });
  expect(warn).not.toHaveBeenCalled();

  const offline = store.removeTheater("LUM01");
  await settle();
  await calls[2]?.fail();
  expect(await offline).toBe("failed");
  expect(store.getState()).toMatchObject({ theaters: [{ theaterId: "LUM01", newsletter: true }], error: null });
  expect(warn).toHaveBeenCalledWith("Favourite theaters: remove failed (network)");
  expect(refreshMember).not.toHaveBeenCalled();
});

it("after end(), late answers are ignored and nothing is refreshed", async () => {
  const { store, calls, refreshMember } = await loaded();
  const running = store.addTheater("LUM02");
  await settle();
  store.end();
  await calls[1]?.answer({ peachCode: 0, favoriteCinemas: [lum01, lum02] });
  expect(await running).toBe("ignored");
  expect(store.getState()).toMatchObject({ theaters: [], inFlight: [] });
  expect(refreshMember).not.toHaveBeenCalled();
});
