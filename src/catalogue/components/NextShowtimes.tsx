import { useIntl } from "react-intl";
import styled from "styled-components";
import { useSelectedTheatre } from "../../favourites/SelectedTheatreProvider";
import { SiteLink } from "../../links/SiteLink";
import { useSiteRuntime } from "../../site/SiteRuntime";
import { schedulePath } from "../../site/paths";
import { bookableShowtimes, todayFor } from "../schedule";
import type { Showtime } from "../types";
import { ShowtimeTimes, type ProgrammeFilm } from "./ShowtimeTimes";
import { useNow } from "./useNow";

const Section = styled.section`
  margin-bottom: 2rem;
  ul.films {
    list-style: none;
    padding: 0;
    margin: 0 0 1rem;
    display: grid;
    gap: 0.75rem;
  }
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1.05rem;
  }
`;

/** How many films and times per film the home page lists; the schedule page has the rest. */
const MAX_FILMS = 6;
const MAX_TIMES = 4;

/** The home page's "next showtimes today", for the visitor's theatre on a circuit. */
export function NextShowtimes({
  films,
  showtimes,
}: {
  films: readonly ProgrammeFilm[];
  showtimes: readonly Showtime[];
}) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const now = useNow();
  const { currentTheatre } = useSelectedTheatre();
  const theater = !site.isSingleLocation ? currentTheatre : null;
  const here = theater ? showtimes.filter((s) => s.theaterId === theater.id) : showtimes;
  const left = now === null ? here : bookableShowtimes(here, now);
  // Before hydration the first day the HTML carries stands for today.
  const today = now === null ? (left[0]?.localDate ?? null) : todayFor(site.timeZone, now);
  const todays = left.filter((s) => s.localDate === today);
  const byFilm = new Map<number, Showtime[]>();
  for (const s of todays) byFilm.set(s.filmId, [...(byFilm.get(s.filmId) ?? []), s]);
  const filmInfo = new Map(films.map((f) => [f.id, f]));
  const theaters = new Map(site.theaters.map((t) => [t.id, t]));
  const title = theater
    ? `${intl.formatMessage({ id: "showtimes.nextToday" })} · ${theater.name}`
    : intl.formatMessage({ id: "showtimes.nextToday" });
  return (
    <Section aria-labelledby="next-showtimes">
      <h2 id="next-showtimes">{title}</h2>
      {byFilm.size === 0 ? (
        <p>{intl.formatMessage({ id: "showtimes.nothingAtAll" })}</p>
      ) : (
        <ul className="films">
          {[...byFilm.entries()].slice(0, MAX_FILMS).map(([filmId, list]) => {
            const film = filmInfo.get(filmId);
            const first = list.slice(0, MAX_TIMES);
            const theaterInfo = theaters.get(first[0]!.theaterId);
            return (
              <li key={filmId}>
                <h3>{film ? <SiteLink to={film.path}>{film.title}</SiteLink> : filmId}</h3>
                {theaterInfo && <ShowtimeTimes showtimes={first} theater={theaterInfo} films={filmInfo} />}
              </li>
            );
          })}
        </ul>
      )}
      <SiteLink to={schedulePath(site.locale)}>{intl.formatMessage({ id: "showtimes.allShowtimes" })}</SiteLink>
    </Section>
  );
}
