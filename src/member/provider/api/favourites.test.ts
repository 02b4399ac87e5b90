// What the sandbox never answers: shapes other providers may send (boxofficeIds, a verdict with
// no list) and failures, read through the real client over a fake fetch.
import { fakeClient } from "../../../test/loyalty-fakes";
import {
  addFavouriteFilm,
  addFavouriteTheater,
  getFavouriteFilms,
  getFavouriteTheaters,
  removeFavouriteTheater,
  type FavouritesSession,
} from "./favourites";

const session: FavouritesSession = { token: "tok-3", cypherVersion: 3 };

describe("favourite films", () => {
  it.each([
    [{ peachCode: 0, externalFilmIds: ["E1", "E2", "E1"] }, ["E1", "E2"]],
    [{ peachCode: 0, boxofficeIds: [42, "43"] }, ["42", "43"]],
    [{ peachCode: 0, externalFilmIds: ["E1"], boxofficeIds: [42] }, ["E1"]],
    [{ peachCode: 0 }, []],
  ])("%j reads as %j", async (json, films) => {
    const { client } = fakeClient({ "/Member/v3/GetFavoriteFilms": { json } });
    expect(await getFavouriteFilms(client, session)).toEqual({ ok: true, value: films });
  });

  it("an add answered with a bare verdict asks for the list", async () => {
    const { client, calls } = fakeClient({
      "/Member/v3/AddFavoriteFilm": { json: { peachCode: 0 } },
      "/Member/v3/GetFavoriteFilms": { json: { peachCode: 0, externalFilmIds: ["E1"] } },
    });
    expect(await addFavouriteFilm(client, session, { externalFilmId: "E1", boxofficeId: 7 })).toEqual({
      ok: true,
      value: ["E1"],
    });
    expect(calls.map((c) => c.body.reqMetadata.route.split("?")[0])).toEqual([
      "/Member/v3/AddFavoriteFilm",
      "/Member/v3/GetFavoriteFilms",
    ]);
    expect(calls[0]?.body).toMatchObject({ externalFilmId: "E1", boxofficeId: 7, reqMetadata: { method: "POST" } });
    expect(calls[0]?.headers["Cypher-Session-Token"]).toBe("tok-3");
  });

  it("failures come back typed, never thrown", async () => {
    expect(
      await addFavouriteFilm(fakeClient({ "/Member/v3/AddFavoriteFilm": "throw" }).client, session, {
        externalFilmId: "E1",
        boxofficeId: null,
      }),
    ).toEqual({
      ok: false,
      failure: { kind: "network" },
    });
    expect(
      await getFavouriteFilms(
        fakeClient({ "/Member/v3/GetFavoriteFilms": { json: { peachCode: 0, externalFilmIds: "E1" } } }).client,
        session,
      ),
    ).toEqual({
      ok: false,
      failure: { kind: "bad_response" },
    });
  });
});

describe("favourite theaters", () => {
  it("reads favoriteCinemas as FavouriteTheater", async () => {
    const { client } = fakeClient({
      "/Member/v3/GetFavoriteCinemas": {
        json: {
          peachCode: 0,
          favoriteCinemas: [{ boxofficeCinemaId: "LUM01", subscribeToNewsletter: false, extra: 1 }],
        },
      },
    });
    expect(await getFavouriteTheaters(client, session)).toEqual({
      ok: true,
      value: [{ theaterId: "LUM01", newsletter: false }],
    });
  });

  it("a change answered with a bare verdict asks for the list", async () => {
    const { client, calls } = fakeClient({
      "/Member/v3/RemoveFavoriteCinema": { json: { peachCode: 0 } },
      "/Member/v3/GetFavoriteCinemas": { json: { peachCode: 0, favoriteCinemas: [] } },
    });
    expect(await removeFavouriteTheater(client, session, "LUM01")).toEqual({ ok: true, value: [] });
    expect(calls).toHaveLength(2);
  });

  it("a provider refusal keeps its code and message", async () => {
    const { client } = fakeClient({
      "/Member/v3/AddFavoriteCinema": { json: { peachCode: 1, clientErrorMessage: "bad entry" } },
    });
    expect(await addFavouriteTheater(client, session, "LUM02")).toEqual({
      ok: false,
      failure: { kind: "provider", code: 1, clientErrorMessage: "bad entry" },
    });
  });
});
