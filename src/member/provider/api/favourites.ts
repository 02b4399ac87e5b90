// Spec §3, §4 and §7 favourites (favourite theaters and the film watchlist) over the member API.
// The provider's favoriteCinemas / externalFilmIds shapes stop here: callers get FavouriteTheater
// and plain film ids. This module pulls in zod (through raw-types), so browser code loads it with
// a dynamic import() (the stores' loaders in src/member/favourites/*Provider.tsx) and imports only its
// types statically.
//
// Availability (spec §4, §6, §9: favourites require cypherVersion 3 and a token) is the caller's
// to check, and the types make it so: every function takes a FavouritesSession, which only a v3
// session with a token can become (src/member/favourites/availability.ts). A session that got here by a
// cast is a bug in the caller, so it throws rather than answering a failure a screen would word.
import type { z } from "zod";
import type { JsonCallOptions, LoyaltyClient } from "../client";
import type { LoyaltyRouteName } from "../routes";
import { rawFavoriteCinemasAnswerSchema, rawFavoriteFilmsAnswerSchema } from "../raw-types";
import type { LoyaltyResult, MemberSession } from "../../types";
import { mapResult } from "./shared";

/** A v3 member session: the only kind the favourite routes accept. */
export interface FavouritesSession extends Pick<MemberSession, "token"> {
  readonly cypherVersion: 3;
}

/** A member's favourite theater. `theaterId` is the provider's boxoffice cinema id (a theater's theaterCode). */
export interface FavouriteTheater {
  readonly theaterId: string;
  /** Subscribed to that theater's newsletter. */
  readonly newsletter: boolean;
}

/** What names a film to the watchlist routes (spec §3: either id may be the one the provider knows). */
export interface WatchlistFilm {
  readonly externalFilmId: string | null;
  readonly boxofficeId: number | null;
}

/** A favourites route on the member's behalf; a session that is not a FavouritesSession throws first. */
function favouritesCall<N extends LoyaltyRouteName, T>(
  client: LoyaltyClient,
  session: FavouritesSession,
  route: N,
  options: Omit<JsonCallOptions<N, T>, "session"> & { readonly schema: z.ZodType<T> },
): Promise<LoyaltyResult<T>> {
  if (session.cypherVersion !== 3 || !session.token) {
    throw new TypeError(
      "favourites need a cypherVersion 3 session with a token (spec §4); check availability before calling",
    );
  }
  return client.call(route, { ...options, session: session.token });
}

// ---------------------------------------------------------------------------------------------
// Favourite films (watchlist).

type FilmsAnswer = {
  readonly externalFilmIds?: readonly string[] | undefined;
  readonly boxofficeIds?: readonly string[] | undefined;
};

/** Spec §3: externalFilmIds, or else boxofficeIds (already strings); duplicates dropped, order kept. */
function filmIdsOf(answer: FilmsAnswer): readonly string[] {
  return [...new Set(answer.externalFilmIds ?? answer.boxofficeIds ?? [])];
}

function hasFilmList(answer: FilmsAnswer): boolean {
  return answer.externalFilmIds !== undefined || answer.boxofficeIds !== undefined;
}

/** The member's watchlist as film ids (externalFilmIds, or boxofficeIds as strings). */
export async function getFavouriteFilms(
  client: LoyaltyClient,
  session: FavouritesSession,
): Promise<LoyaltyResult<readonly string[]>> {
  const answer = await favouritesCall(client, session, "getFavoriteFilms", { schema: rawFavoriteFilmsAnswerSchema });
  return mapResult(answer, filmIdsOf);
}

/** A watchlist change; the route's answer (or, failing that, the list) is the new watchlist. */
function changeFilm(route: "addFavoriteFilm" | "removeFavoriteFilm") {
  return async (
    client: LoyaltyClient,
    session: FavouritesSession,
    film: WatchlistFilm,
  ): Promise<LoyaltyResult<readonly string[]>> => {
    const answer = await favouritesCall(client, session, route, {
      payload: { externalFilmId: film.externalFilmId, boxofficeId: film.boxofficeId },
      schema: rawFavoriteFilmsAnswerSchema,
    });
    if (!answer.ok) return answer;
    // The upstream answers the new list; a provider that answers only the verdict is asked for it,
    // so the caller still replaces its list with the server's rather than guessing.
    return hasFilmList(answer.value)
      ? { ok: true, value: filmIdsOf(answer.value) }
      : getFavouriteFilms(client, session);
  };
}

/** Adds a film; answers the new list. A non-zero peachCode (72: not known yet) is a provider failure. */
export const addFavouriteFilm = changeFilm("addFavoriteFilm");

/** Removes a film; answers the new list. */
export const removeFavouriteFilm = changeFilm("removeFavoriteFilm");

// ---------------------------------------------------------------------------------------------
// Favourite theaters.

type CinemasAnswer = {
  readonly favoriteCinemas?:
    readonly { readonly boxofficeCinemaId: string; readonly subscribeToNewsletter: boolean }[] | undefined;
};

function theatersOf(answer: CinemasAnswer): readonly FavouriteTheater[] {
  return (answer.favoriteCinemas ?? []).map((entry) => ({
    theaterId: entry.boxofficeCinemaId,
    newsletter: entry.subscribeToNewsletter,
  }));
}

function cinemaEntryOf(theater: FavouriteTheater): { boxofficeCinemaId: string; subscribeToNewsletter: boolean } {
  return { boxofficeCinemaId: theater.theaterId, subscribeToNewsletter: theater.newsletter };
}

/** Spec §7 "Get": the member's favourite theaters. */
export async function getFavouriteTheaters(
  client: LoyaltyClient,
  session: FavouritesSession,
): Promise<LoyaltyResult<readonly FavouriteTheater[]>> {
  const answer = await favouritesCall(client, session, "getFavoriteCinemas", {
    schema: rawFavoriteCinemasAnswerSchema,
  });
  return mapResult(answer, theatersOf);
}

async function changeTheaters(
  route: "addFavoriteCinema" | "removeFavoriteCinema" | "updateFavoriteCinemas",
  client: LoyaltyClient,
  session: FavouritesSession,
  payload: Readonly<Record<string, unknown>>,
): Promise<LoyaltyResult<readonly FavouriteTheater[]>> {
  const answer = await favouritesCall(client, session, route, { payload, schema: rawFavoriteCinemasAnswerSchema });
  if (!answer.ok) return answer;
  // Spec §4: the list is replaced with the server's; ask for it if the answer left it out.
  return answer.value.favoriteCinemas !== undefined
    ? { ok: true, value: theatersOf(answer.value) }
    : getFavouriteTheaters(client, session);
}

/** Spec §7 "Add (single entry)"; spec §5: adding always subscribes to the newsletter. */
export function addFavouriteTheater(
  client: LoyaltyClient,
  session: FavouritesSession,
  theaterId: string,
): Promise<LoyaltyResult<readonly FavouriteTheater[]>> {
  return changeTheaters("addFavoriteCinema", client, session, {
    favoriteCinemas: cinemaEntryOf({ theaterId, newsletter: true }),
  });
}

/** Spec §7 "Remove": {boxofficeCinemaId}. */
export function removeFavouriteTheater(
  client: LoyaltyClient,
  session: FavouritesSession,
  theaterId: string,
): Promise<LoyaltyResult<readonly FavouriteTheater[]>> {
  return changeTheaters("removeFavoriteCinema", client, session, { boxofficeCinemaId: theaterId });
}

/** Spec §7 "Update subscription": always sent as a list (the spec allows a list or a single entry). */
export function updateNewsletter(
  client: LoyaltyClient,
  session: FavouritesSession,
  entries: readonly FavouriteTheater[],
): Promise<LoyaltyResult<readonly FavouriteTheater[]>> {
  return changeTheaters("updateFavoriteCinemas", client, session, { favoriteCinemas: entries.map(cinemaEntryOf) });
}
