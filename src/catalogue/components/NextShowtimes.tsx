import { useMemo } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useSelectedTheater } from "../../member/favourites/SelectedTheaterProvider";
import { SiteLink } from "../../links/SiteLink";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { schedulePath } from "../../lib/paths";
import {
  FOLLOWING_LIST_ATTRIBUTE,
  PREPAINT_SCRIPT,
  THEATER_GROUP_ATTRIBUTE,
  inTheaterOrder,
  listDayAttributes,
  listedDay,
  nextShowtimesOfDay,
  offeredAfterStartAttribute,
  timesByTheater,
  type NextFilm,
} from "../next-showtimes";
import { OFFERED_AFTER_START_ATTRIBUTE } from "../programme-prepaint";
import type { Showtime } from "../types";
import { todayFor } from "../schedule";
import { formatDayLabel } from "./format";
import { ShowtimeTimes, type ProgrammeFilm, type TheaterInfo } from "./ShowtimeTimes";
import { ParserScript } from "./PrepaintScript";
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
  /* Over the lists' own display: a list the script hides (or the next day's, carried hidden) takes no room. */
  [hidden] {
    display: none !important;
  }
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1.05rem;
  }
  /* A theater's name over its times, as on the schedule. */
  .group-title {
    margin: 0.5rem 0 0.3rem;
    font-size: 0.95rem;
    color: ${({ theme }) => theme.colours.textAlt};
  }
`;

/** Every time the list carries for a film at one theater; those not shown are `hidden`. */
function ListedTimes({
  times,
  theater,
  films,
}: {
  times: NextFilm<Showtime>["times"];
  theater: TheaterInfo;
  films: ReadonlyMap<number, ProgrammeFilm>;
}) {
  return (
    <ShowtimeTimes
      showtimes={times.map((t) => t.showtime)}
      shown={new Set(times.filter((t) => t.shown).map((t) => t.showtime.perfCode))}
      theater={theater}
      films={films}
    />
  );
}

/** A day's films as the list carries them, each with its listed times (by theater on a circuit with none chosen). */
function FilmList({
  listed,
  hidden,
  dayAttributes,
  films,
  theaterOf,
  theaterIds,
  offeredAfterStart,
}: {
  listed: readonly NextFilm<Showtime>[];
  hidden: boolean;
  dayAttributes: Record<string, string>;
  films: ReadonlyMap<number, ProgrammeFilm>;
  theaterOf: (id: string) => TheaterInfo;
  /** The site's theaters, in its order, when the times are grouped by theater. */
  theaterIds: readonly string[] | null;
  offeredAfterStart: string;
}) {
  return (
    <ul
      className="films"
      hidden={hidden}
      suppressHydrationWarning
      {...{ ...dayAttributes, [OFFERED_AFTER_START_ATTRIBUTE]: offeredAfterStart }}
    >
      {listed.map(({ filmId, shown, times }) => {
        const film = films.get(filmId);
        return (
          <li key={filmId} hidden={!shown} suppressHydrationWarning>
            <h3>{film ? <SiteLink to={film.path}>{film.title}</SiteLink> : filmId}</h3>
            {theaterIds ? (
              timesByTheater(times, theaterIds).map((group) => {
                const info = theaterOf(group.theaterId);
                return (
                  <div
                    key={group.theaterId}
                    hidden={!group.shown}
                    suppressHydrationWarning
                    {...{ [THEATER_GROUP_ATTRIBUTE]: group.theaterId }}
                  >
                    <h4 className="group-title">{info.name}</h4>
                    <ListedTimes times={group.times} theater={info} films={films} />
                  </div>
                );
              })
            ) : (
              <ListedTimes times={times} theater={theaterOf(times[0]!.showtime.theaterId)} films={films} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The element right after the list's script (NextShowtimesPaintHint waits for it). */
const AFTER_SCRIPT_ID = "next-showtimes-end";

/**
 * For the head of a page with the list: no paint until the list's script has run. A page arriving
 * in parts (a slow network, a phone's parser yielding) could otherwise be painted with the list
 * whole, the shows that have passed included, and jump when the script hides them (layout shift
 * 0.06-0.07 on the French home page on a phone, its HTML held back after the list). Chrome holds
 * the first paint until the element the hint names is parsed; other browsers ignore the hint.
 */
export function NextShowtimesPaintHint() {
  return <link rel="expect" href={`#${AFTER_SCRIPT_ID}`} blocking="render" />;
}

/**
 * The home page's "next showtimes": those of the first day with shows left (today, or after the last
 * show of the day the next day with shows: issue 42), its title naming that day ("Demain"); on a
 * circuit, for the visitor's theater, or with none chosen for every theater, each film's times
 * under their theater's name as on the schedule.
 */
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
  const { currentTheater } = useSelectedTheater();
  const theater = !site.isSingleLocation ? currentTheater : null;
  const byTheater = !site.isSingleLocation && !theater;
  const theaterIds = useMemo(() => site.theaters.map((t) => t.id), [site.theaters]);
  // Grouped by theater, a film's times are taken in the order the pre-paint script meets them.
  const everywhere = useMemo(
    () => (byTheater ? inTheaterOrder(showtimes, theaterIds) : showtimes),
    [byTheater, showtimes, theaterIds],
  );
  const here = theater ? showtimes.filter((s) => s.theaterId === theater.id) : everywhere;
  const grace = site.bookableAfterStartMinutes;
  const day = listedDay(here, site.timeZone, now, grace);
  const listed = nextShowtimesOfDay(here, day, now, grace);
  const anyShown = listed.some((film) => film.shown);
  // A page that does not know the time yet also carries the next day with shows, hidden: seen after
  // the first day's last show, the script shows it instead (FOLLOWING_LIST_ATTRIBUTE). Only what it
  // shows then, its first films' first times: every one of them is still to come that evening.
  const followingDay =
    now === null && day ? ([...new Set(here.map((s) => s.localDate))].filter((d) => d > day).sort()[0] ?? null) : null;
  const following = followingDay
    ? {
        day: followingDay,
        listed: nextShowtimesOfDay(here, followingDay, null, grace)
          .filter((film) => film.shown)
          .map((film) => ({ ...film, times: film.times.filter((time) => time.shown) })),
      }
    : null;
  const theaters = new Map(site.theaters.map((t) => [t.id, t]));
  const listProps = {
    films: new Map(films.map((f) => [f.id, f])),
    theaterOf: (id: string): TheaterInfo => theaters.get(id) ?? { id, name: id, timeZone: site.timeZone },
    theaterIds: byTheater ? theaterIds : null,
    offeredAfterStart: offeredAfterStartAttribute(grace),
  };
  // Until the clock is known the first day carried stands for today, as on the programme.
  const today = now === null ? (here[0]?.localDate ?? null) : todayFor(site.timeZone, now);
  const titleOf = (listDay: string | null) => {
    const dayLabel =
      listDay && today ? formatDayLabel(intl, listDay, today) : intl.formatMessage({ id: "showtimes.today" });
    const next = intl.formatMessage({ id: "showtimes.next" }, { day: dayLabel });
    return theater ? `${next} · ${theater.name}` : next;
  };
  return (
    <Section aria-labelledby="next-showtimes">
      <h2 id="next-showtimes">
        {following ? (
          <>
            <span suppressHydrationWarning>{titleOf(day)}</span>
            <span hidden suppressHydrationWarning>
              {titleOf(following.day)}
            </span>
          </>
        ) : (
          titleOf(day)
        )}
      </h2>
      {/* Every item carries `hidden` by the rule, and the script applies it for the visitor's
          clock before the first paint (next-showtimes.ts): nothing moves after hydration. So the
          server's `hidden` may differ from the HTML React hydrates, on purpose. Keyed by the day:
          when the clock moves the list to the next day with shows (issue 42), React makes it anew
          rather than patching only the attributes it changed, which would leave the script's; or
          it keeps that day's list, carried hidden and shown by the script (the lists are one array,
          so React matches them by key): its items as the script left them are what React renders. */}
      {[
        <FilmList
          key={`list ${day ?? ""}`}
          listed={listed}
          hidden={!anyShown}
          dayAttributes={listDayAttributes(day, site.timeZone)}
          {...listProps}
        />,
        following && (
          <FilmList
            key={`list ${following.day}`}
            listed={following.listed}
            hidden
            dayAttributes={{ [FOLLOWING_LIST_ATTRIBUTE]: following.day }}
            {...listProps}
          />
        ),
      ]}
      {/* The browser's bundle leaves the text out, as the programme's does (Programme.tsx). */}
      <ParserScript html={process.env.BUILD_STAGE === "build-javascript" ? "" : PREPAINT_SCRIPT} />
      <p key={`empty ${day ?? ""}`} id={AFTER_SCRIPT_ID} hidden={anyShown} suppressHydrationWarning>
        {intl.formatMessage({ id: "showtimes.nothingAtAll" })}
      </p>
      <SiteLink to={schedulePath(site.locale)}>{intl.formatMessage({ id: "showtimes.allShowtimes" })}</SiteLink>
    </Section>
  );
}
