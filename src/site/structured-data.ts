// schema.org JSON-LD for search engines: MovieTheater on theater pages, Movie and one
// ScreeningEvent per showtime on film pages. Google's Event rich result needs name, startDate and
// a location with a name and an address; it recommends description, endDate, eventStatus, image,
// offers and organizer. Pure: after the build, onPostBuild puts what these return in the HTML.
import { createHash } from "node:crypto";
import { localIsoWithOffset } from "../catalogue/dates";
import { scriptJson } from "../lib/script-json";
import { fromFilmShowtimes, type FilmShowtime } from "../catalogue/film-showtimes";
import type { Film, Showtime, Theater } from "../catalogue/types";

export type TheaterForSearch = Pick<Theater, "id" | "name" | "path" | "timeZone" | "address" | "phone">;

type Json = { [key: string]: Json } | Json[] | string | number | boolean;

/** Where a page lives: its site's origin ("https://www.cinema-lumiere.fr") makes every URL absolute. */
export type SiteForSearch = { origin: string; name: string };

const absolute = (site: SiteForSearch, path: string): string => new URL(path, site.origin).href;

function postalAddress(address: TheaterForSearch["address"], countryCode: string): Json {
  return {
    "@type": "PostalAddress",
    streetAddress: [address.line1, address.line2].filter(Boolean).join(", "),
    addressLocality: address.city,
    postalCode: address.postalCode,
    ...(address.region ? { addressRegion: address.region } : {}),
    addressCountry: countryCode,
  };
}

function place(theater: TheaterForSearch, site: SiteForSearch, countryCode: string): Json {
  return {
    "@type": "MovieTheater",
    name: theater.name,
    address: postalAddress(theater.address, countryCode),
    ...(theater.phone ? { telephone: theater.phone } : {}),
    url: absolute(site, theater.path ?? "/"),
  };
}

/** The theater page's MovieTheater. */
export function movieTheaterJsonLd(theater: TheaterForSearch, site: SiteForSearch, countryCode: string): Json {
  return { "@context": "https://schema.org", ...(place(theater, site, countryCode) as Record<string, Json>) };
}

function movie(film: Film, site: SiteForSearch): Record<string, Json> {
  return {
    "@type": "Movie",
    name: film.title,
    url: absolute(site, film.path),
    ...(film.synopsis ? { description: film.synopsis } : {}),
    ...(film.poster ? { image: absolute(site, film.poster.src) } : {}),
    ...(film.releaseDate ? { datePublished: film.releaseDate } : {}),
    ...(film.runtimeMinutes ? { duration: `PT${film.runtimeMinutes}M` } : {}),
    ...(film.genres.length ? { genre: film.genres } : {}),
    ...(film.directors.length ? { director: film.directors.map((name) => ({ "@type": "Person", name })) } : {}),
    ...(film.cast.length ? { actor: film.cast.map((name) => ({ "@type": "Person", name })) } : {}),
    ...(film.certificate ? { contentRating: film.certificate } : {}),
  };
}

/**
 * The film page's graph: the Movie, then a ScreeningEvent for each showtime in a theater the site
 * knows (startDate in the theater's time, with its offset; endDate when the runtime is known;
 * offers.url is the showtime's booking link).
 */
export function filmJsonLd(
  film: Film,
  showtimes: readonly Showtime[],
  theaters: readonly TheaterForSearch[],
  site: SiteForSearch,
  countryCode: string,
): Json {
  const byId = new Map(theaters.map((theater) => [theater.id, theater]));
  const work = movie(film, site);
  const events = showtimes.flatMap((showtime): Json[] => {
    const theater = byId.get(showtime.theaterId);
    if (!theater) return [];
    const start = Date.parse(showtime.startsAt);
    return [
      {
        "@type": "ScreeningEvent",
        name: film.title,
        startDate: localIsoWithOffset(start, theater.timeZone),
        ...(film.runtimeMinutes
          ? { endDate: localIsoWithOffset(start + film.runtimeMinutes * 60_000, theater.timeZone) }
          : {}),
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: place(theater, site, countryCode),
        workPresented: { "@type": "Movie", name: film.title, url: absolute(site, film.path) },
        ...(film.synopsis ? { description: film.synopsis } : {}),
        ...(film.poster ? { image: absolute(site, film.poster.src) } : {}),
        offers: {
          "@type": "Offer",
          url: new URL(showtime.bookingUrl, site.origin).href,
          availability: "https://schema.org/InStock",
        },
        organizer: { "@type": "Organization", name: site.name, url: site.origin },
      } as Json,
    ];
  });
  return { "@context": "https://schema.org", "@graph": [work, ...events] };
}

/**
 * A page's JSON-LD, made only when asked: `inputs` is everything the text is made from (the page's
 * context and the site), so a rebuild whose inputs and HTML did not change need not make it again
 * (structured-data-html.ts writeStructuredData).
 */
export type StructuredDataPage = { path: string; inputs: string; text(): string };

/**
 * The pages that have JSON-LD (film and theater pages), one at a time: a film's graph lists its
 * showtimes, so a catalogue's is hundreds of megabytes and never held whole (issue 19). Put in the
 * HTML after the build (structured-data-html.ts): search engines read the HTML, so none of it is
 * shipped as JavaScript or page data.
 */
export function* structuredDataOf(
  pages: Iterable<{ path: string; template: string; context: Record<string, unknown> }>,
  runtime: {
    domain: string;
    name: string;
    country: { iso31661A2: string };
    ticketingUrl: string;
    theaters: readonly (TheaterForSearch & Pick<Theater, "theaterCode">)[];
  },
): Generator<StructuredDataPage> {
  const site = { origin: `https://${runtime.domain}`, name: runtime.name };
  const country = runtime.country.iso31661A2;
  // The whole runtime, not the fields used today: a text made from less than its inputs would go
  // stale. Digested once: it is part of every page's inputs, and writeStructuredData hashes those.
  const siteInputs = createHash("sha1").update(JSON.stringify(runtime)).digest("base64");
  const inputsOf = (page: { template: string; context: Record<string, unknown> }) =>
    `${page.template}\n${siteInputs}\n${JSON.stringify(page.context)}`;
  for (const page of pages) {
    if (page.template === "FilmTemplate") {
      const { film, showtimes } = page.context as { film: Film; showtimes: FilmShowtime[] };
      yield {
        path: page.path,
        inputs: inputsOf(page),
        text: () =>
          jsonLdText(filmJsonLd(film, fromFilmShowtimes(film.id, showtimes, runtime), runtime.theaters, site, country)),
      };
    } else if (page.template === "TheaterTemplate") {
      const { theater } = page.context as { theater: TheaterForSearch };
      yield {
        path: page.path,
        inputs: inputsOf(page),
        text: () => jsonLdText(movieTheaterJsonLd(theater, site, country)),
      };
    }
  }
}

/** A `<script type="application/ld+json">` body: `<` escaped so no text can close the script. */
export function jsonLdText(data: Json): string {
  return scriptJson(data);
}
