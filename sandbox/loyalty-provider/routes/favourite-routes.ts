import { failure, type Answer, type Failure } from "../answers";
import type { LoyaltyDb } from "../db";
import { firstText, isRecord, text } from "../payload";
import type { MemberContext, Route } from "../router";

const V3_QUERY = ["{brand}CircuitId"];

function favouriteFilmIds(db: LoyaltyDb, memberId: string): string[] {
  return db
    .all<{ film_id: string }>("SELECT film_id FROM favourite_films WHERE member_id = ? ORDER BY added_at, film_id", [
      memberId,
    ])
    .map((row) => row.film_id);
}

/** externalFilmId wins; a numeric boxofficeId is kept as text (spec §3 "Favourite films"). */
function filmId(body: MemberContext["body"]): string {
  return firstText(body, "externalFilmId", "boxofficeId");
}

export interface FavouriteCinema {
  boxofficeCinemaId: string;
  subscribeToNewsletter: boolean;
}

function favouriteCinemas(db: LoyaltyDb, memberId: string): FavouriteCinema[] {
  return db
    .all<{ cinema_id: string; subscribe_to_newsletter: number }>(
      "SELECT cinema_id, subscribe_to_newsletter FROM favourite_cinemas WHERE member_id = ? ORDER BY added_at, cinema_id",
      [memberId],
    )
    .map((row) => ({ boxofficeCinemaId: row.cinema_id, subscribeToNewsletter: row.subscribe_to_newsletter === 1 }));
}

/** `favoriteCinemas` is a single entry on Add and "list or single entry" on Update (spec §7). */
function cinemaEntries(value: unknown): FavouriteCinema[] | Failure {
  const entries = Array.isArray(value) ? value : [value];
  const parsed: FavouriteCinema[] = [];
  for (const entry of entries) {
    const id = isRecord(entry) ? text(entry.boxofficeCinemaId).trim() : "";
    if (!isRecord(entry) || id === "" || typeof entry.subscribeToNewsletter !== "boolean") {
      return failure(1, "favoriteCinemas entries need boxofficeCinemaId and a boolean subscribeToNewsletter");
    }
    parsed.push({ boxofficeCinemaId: id, subscribeToNewsletter: entry.subscribeToNewsletter });
  }
  return parsed.length > 0 ? parsed : failure(1, "favoriteCinemas is empty");
}

/** Add and Update both upsert: Update of a cinema not yet a favourite adds it. */
function upsertCinemas({ db, member, body, now }: MemberContext): Answer {
  const entries = cinemaEntries(body.favoriteCinemas);
  if (!Array.isArray(entries)) return entries;
  db.transaction(() => {
    for (const entry of entries) {
      db.run(
        `INSERT INTO favourite_cinemas (member_id, cinema_id, subscribe_to_newsletter, added_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (member_id, cinema_id) DO UPDATE SET subscribe_to_newsletter = excluded.subscribe_to_newsletter`,
        [member.member_id, entry.boxofficeCinemaId, entry.subscribeToNewsletter ? 1 : 0, now.toISOString()],
      );
    }
  });
  return { peachCode: 0, favoriteCinemas: favouriteCinemas(db, member.member_id) };
}

export const favouriteRoutes: Route[] = [
  {
    method: "GET",
    path: "/Member/v3/GetFavoriteFilms",
    query: V3_QUERY,
    session: true,
    handle: ({ db, member }) => ({ peachCode: 0, externalFilmIds: favouriteFilmIds(db, member.member_id) }),
  },
  {
    // Films whose id starts with "9" stand for titles the provider does not know yet (peachCode 72).
    method: "POST",
    path: "/Member/v3/AddFavoriteFilm",
    query: V3_QUERY,
    session: true,
    handle({ db, member, body, now }) {
      const id = filmId(body);
      if (id === "") return failure(1, "externalFilmId or boxofficeId is required");
      if (id.startsWith("9")) return failure(72);
      db.run("INSERT OR IGNORE INTO favourite_films (member_id, film_id, added_at) VALUES (?, ?, ?)", [
        member.member_id,
        id,
        now.toISOString(),
      ]);
      return { peachCode: 0, externalFilmIds: favouriteFilmIds(db, member.member_id) };
    },
  },
  {
    method: "POST",
    path: "/Member/v3/RemoveFavoriteFilm",
    query: V3_QUERY,
    session: true,
    handle({ db, member, body }) {
      const id = filmId(body);
      if (id === "") return failure(1, "externalFilmId or boxofficeId is required");
      db.run("DELETE FROM favourite_films WHERE member_id = ? AND film_id = ?", [member.member_id, id]);
      return { peachCode: 0, externalFilmIds: favouriteFilmIds(db, member.member_id) };
    },
  },
  {
    method: "GET",
    path: "/Member/v3/GetFavoriteCinemas",
    query: V3_QUERY,
    session: true,
    handle: ({ db, member }) => ({ peachCode: 0, favoriteCinemas: favouriteCinemas(db, member.member_id) }),
  },
  { method: "POST", path: "/Member/v3/AddFavoriteCinema", query: V3_QUERY, session: true, handle: upsertCinemas },
  { method: "POST", path: "/Member/v3/UpdateFavoriteCinemas", query: V3_QUERY, session: true, handle: upsertCinemas },
  {
    method: "POST",
    path: "/Member/v3/RemoveFavoriteCinema",
    query: V3_QUERY,
    session: true,
    handle({ db, member, body }) {
      const id = text(body.boxofficeCinemaId).trim();
      if (id === "") return failure(1, "boxofficeCinemaId is required");
      db.run("DELETE FROM favourite_cinemas WHERE member_id = ? AND cinema_id = ?", [member.member_id, id]);
      return { peachCode: 0, favoriteCinemas: favouriteCinemas(db, member.member_id) };
    },
  },
];
