// The programme as a moviegoer uses it: one day at a time behind a day strip, only what can
// still be booked, filters by version, format and (on a circuit) theater. Progressive
// enhancement: on a film page the server render and a browser without JavaScript show every day
// with working booking links; the schedule is a page per day, its strip plain links between them.
import { navigate, withPrefix } from "gatsby";
import { Suspense, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { toggleButtonCss } from "../../components/toggle-button";
import { useSelectedTheater } from "../../member/favourites/SelectedTheaterProvider";
import { SiteLink } from "../../links/SiteLink";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import {
  bookableShowtimes,
  dayStrip,
  emptyDayReason,
  filterOptions,
  filterShowtimes,
  firstLocalDate,
  initialDay,
  nextDayWithShowtimes,
  notPlayingAt,
  offeredAfterStartMs,
  scheduleOpeningRedirect,
  scheduleRedirect,
  scheduleStrip,
  todayFor,
  type EmptyDayReason,
  type ScheduleDay,
  type ScheduleStripDay,
  type PictureFormat,
  type ShowtimeFilter,
  type StripDay,
  type Version,
} from "../schedule";
import {
  DAY_LAST_START_MINUTE_ATTRIBUTE,
  epochMinute,
  FOLLOWING_DAY_ATTRIBUTE,
  LAST_START_MINUTE_ATTRIBUTE,
  NEXT_DAY_PATH_ATTRIBUTE,
  OFFERED_AFTER_START_ATTRIBUTE,
} from "../programme-prepaint";
import type { Showtime } from "../types";
import { formatDay, versionLabel } from "./format";
import { FilmPoster } from "./FilmPoster";
import { PrepaintScript } from "./PrepaintScript";
import { ShowtimeTimes, type ProgrammeFilm, type TheaterInfo } from "./ShowtimeTimes";
import { useNow } from "./useNow";
import { keepingQuery } from "../../links/redirects";
import { FeatureBoundary, lazyFeature } from "../../lib/lazy-feature";

/** Only a circuit's film page with nothing at the visitor's theater shows it: loaded then. */
const WherePlaying = lazyFeature(() => import("./WherePlaying"));

/** One style sheet for the whole programme: the chips (day strip, filters), the filters row, the day. */
const Root = styled.div`
  fieldset {
    border: 0;
    margin: 0 0 1rem;
    padding: 0;
    min-width: 0;
  }
  legend {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    margin-bottom: 0.35rem;
    padding: 0;
  }
  /* On a phone each group's name stands beside its chips, not above them: a line less per group
     keeps a film's first showtime inside the first screen (issue 42). A floated legend is laid
     out as an ordinary box. */
  legend {
    float: left;
    margin: 0.9rem 0.75rem 0 0;
  }
  ${({ theme }) => theme.media.md} {
    legend {
      float: none;
      margin: 0 0 0.35rem;
    }
  }
  /* The sideways strip clips what overflows it: its padding leaves room for a chip's focus ring
     (3 px outline, 2 px offset), and a chip brought into view keeps that room at the edge. */
  .chips {
    display: flex;
    gap: 0.5rem;
    overflow-x: auto;
    padding: 0.35rem 0.4rem 0.45rem;
    scroll-padding-inline: 0.4rem;
  }
  /* A chip: a radio's label (film page) or a link to a day's page (schedule), the same look; an
     empty day of the schedule is a plain span. */
  .chips label,
  .chips a,
  .chips > span {
    flex: 0 0 auto;
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    min-height: 44px;
    min-width: 4.5rem;
    padding: 0.3rem 0.8rem;
    border-radius: ${({ theme }) => theme.radii.buttons};
    border: 2px solid ${({ theme }) => theme.colours.readablePrimary};
    color: ${({ theme }) => theme.colours.readablePrimary};
    line-height: 1.2;
  }
  .chips label {
    position: relative;
    cursor: pointer;
  }
  .chips a {
    text-decoration: none;
  }
  /* The native radio keeps arrow-key navigation and screen-reader semantics; the chip is its look. */
  .chips input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
  }
  .chips label:has(input:checked),
  .chips a[aria-current="page"] {
    background: ${({ theme }) => theme.colours.primary};
    border-color: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
  }
  /* A day without showtimes: muted, no choice (issue 42); its text still meets contrast. */
  .chips .empty {
    border-style: dashed;
    border-color: ${({ theme }) => theme.colours.textAlt};
    color: ${({ theme }) => theme.colours.textAlt};
    cursor: default;
  }
  .chips label:has(input:focus-visible),
  .chips a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colours.focusRingOnPrimary};
    outline-offset: 2px;
  }
  .legend {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    margin: 0 0 0.35rem;
  }
  .filters {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.5rem;
    align-items: flex-end;
  }
  .only-here {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    min-height: 44px;
    margin-bottom: 1rem;
  }
  /* Themed (issue 42): the check in the brand's primary, readable on the page (3:1 at least, WCAG
     1.4.11), not the browser's blue; a ring of the theme's focus colour when reached by keyboard. */
  .only-here {
    cursor: pointer;
  }
  .only-here input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colours.readablePrimary};
    cursor: pointer;
  }
  .only-here input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colours.focusRing};
    outline-offset: 2px;
  }
  /* Where the film plays when not at the visitor's theater: one theater a line, its next show beside. */
  .where {
    list-style: none;
    margin: 0 0 1rem;
    padding: 0;
    display: grid;
    gap: 0.75rem;
    ${toggleButtonCss()}
  }
  .where li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 1rem;
  }
  .where button {
    text-align: start;
  }
  section {
    margin-bottom: 1.5rem;
  }
  h3,
  h4,
  h5 {
    margin: 0.75rem 0 0.4rem;
  }
  .day-title::first-letter {
    text-transform: uppercase;
  }
  /* Shown by the pre-paint rule only, once the first day is gone (FOLLOWING_DAY_ATTRIBUTE). */
  .following-day {
    display: none;
  }
  .group-title {
    font-size: 0.95rem;
    color: ${({ theme }) => theme.colours.textAlt};
  }
  .film {
    margin-bottom: 1.25rem;
  }
  /* A theater page's film: a small poster beside its title and times, at every width. */
  .with-poster {
    display: grid;
    grid-template-columns: 64px minmax(0, 1fr);
    gap: 0.75rem;
    align-items: start;
    ${({ theme }) => theme.media.md} {
      grid-template-columns: 96px minmax(0, 1fr);
      gap: 1rem;
    }
  }
  .with-poster h3,
  .with-poster h4,
  .with-poster h5 {
    margin-top: 0;
  }
  .next {
    ${toggleButtonCss()}
  }
  .next a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

type Layout = "film" | "schedule" | "theater";

export type ProgrammeProps = {
  showtimes: readonly Showtime[];
  films: ReadonlyMap<number, ProgrammeFilm>;
  /**
   * "film": one film, grouped by theater; "schedule": every film of the day, grouped by film;
   * "theater": one theater's films of the day, each with its poster and times (issue 42).
   */
  layout: Layout;
  /** Level of the day heading; films and theaters take the next levels. */
  headingLevel: 2 | 3;
  /** The schedule: `showtimes` are one day's, the strip links every day's page. */
  schedule?: { day: string; days: readonly ScheduleDay[] };
};

type RememberedFilter = { version: ShowtimeFilter["version"]; format: ShowtimeFilter["format"]; allTheaters: boolean };
/**
 * The schedule's filters as the visitor last set them: each day is a page of its own, and going to
 * the next day should not undo "VO only". Written by the controls only, so never during a server
 * render (where a module's state would be shared by every page the worker renders).
 */
const remembered: RememberedFilter = { version: "all", format: "all", allTheaters: false };

type Heading = "h2" | "h3" | "h4" | "h5";
const heading = (level: number): Heading => `h${Math.min(Math.max(level, 2), 5)}` as Heading;

function groupBy<K, T>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item)) ?? [];
    list.push(item);
    map.set(key(item), list);
  }
  return map;
}

/** A map's entries in the order of `order`'s keys, then the others as they came. */
const inOrder = <K, T>(map: ReadonlyMap<K, T>, order: readonly K[] = []): [K, T][] => [
  ...new Map([...order.filter((key) => map.has(key)).map((key) => [key, map.get(key)!] as [K, T]), ...map]),
];

/**
 * A film's or a theater group's last start, for the pre-paint rule (programme-prepaint.ts), which
 * hides it before the first paint once that start is past the grace, as React's render with the
 * clock then drops it.
 */
/** A day's films in the order of their first show that day, started or not (showtimes come by start). */
const filmsByFirstShow = (showtimes: readonly Showtime[], day: string | null): number[] => [
  ...new Set(showtimes.filter((s) => s.localDate === day).map((s) => s.filmId)),
];

const lastStart = (list: readonly Showtime[]) => ({ [LAST_START_MINUTE_ATTRIBUTE]: lastStartMinute(list) });
/** A reduce, not Math.max(...): a circuit's schedule day can hold more shows than a call takes arguments. */
const lastStartMinute = (list: readonly Showtime[]) =>
  list.reduce((last, s) => Math.max(last, epochMinute(s.startsAt)), -Infinity);

/** One day's showtimes: by theater (film page) or by film, then theater (schedule page). */
function DayShowtimes({
  showtimes,
  films,
  layout,
  level,
  theaters,
  showTheaterNames,
  calendar = true,
  idPrefix,
  filmOrder,
}: {
  showtimes: readonly Showtime[];
  films: ReadonlyMap<number, ProgrammeFilm>;
  layout: Layout;
  level: number;
  theaters: ReadonlyMap<string, TheaterInfo>;
  showTheaterNames: boolean;
  calendar?: boolean;
  /** Prefix of the theater headings' ids (the day on screen only: the every-day list has none). */
  idPrefix?: string;
  /**
   * The films' order, by their first show of the day, started or not. By their
   * first show left instead, the list reordered itself under the visitor once the clock applied.
   * Without it, the order of `showtimes`.
   */
  filmOrder?: readonly number[];
}) {
  const theaterOrder = [...theaters.keys()];
  const byTheater = (list: readonly Showtime[], titleLevel: number) =>
    [...groupBy(list, (s) => s.theaterId).entries()]
      .sort(([a], [b]) => theaterOrder.indexOf(a) - theaterOrder.indexOf(b))
      .map(([theaterId, group]) => {
        const theater = theaters.get(theaterId) ?? { id: theaterId, name: theaterId, timeZone: "UTC" };
        const Title = heading(titleLevel);
        return (
          <div key={theaterId} {...lastStart(group)}>
            {showTheaterNames && (
              // Focusable by script only: "See the times at …" brings the visitor here.
              <Title className="group-title" id={idPrefix && `${idPrefix}-theater-${theaterId}`} tabIndex={-1}>
                {theater.name}
              </Title>
            )}
            <ShowtimeTimes showtimes={group} theater={theater} films={films} calendar={calendar} />
          </div>
        );
      });
  if (layout === "film") return <>{byTheater(showtimes, level)}</>;
  const FilmTitle = heading(level);
  return (
    <>
      {inOrder(
        groupBy(showtimes, (s) => s.filmId),
        filmOrder,
      ).map(([filmId, list]) => {
        const film = films.get(filmId);
        const title = <FilmTitle>{film ? <SiteLink to={film.path}>{film.title}</SiteLink> : filmId}</FilmTitle>;
        if (layout === "theater")
          return (
            <div className="film with-poster" key={filmId} {...lastStart(list)}>
              <FilmPoster poster={film?.poster ?? null} title={film?.title ?? ""} decorative />
              <div>
                {title}
                {byTheater(list, level + 1)}
              </div>
            </div>
          );
        return (
          <div className="film" key={filmId} {...lastStart(list)}>
            {title}
            {byTheater(list, level + 1)}
          </div>
        );
      })}
    </>
  );
}

function LevelHeading({ level, id, children }: { level: number; id: string; children: ReactNode }) {
  const Tag = heading(level);
  return <Tag id={id}>{children}</Tag>;
}

function DayLabel({ day }: { day: StripDay }) {
  const intl = useIntl();
  const date = formatDay(intl, day.date, "short");
  // An empty day says so to screen readers; on screen its chip is muted.
  const empty = day.empty && (
    <span className="visually-hidden">{`, ${intl.formatMessage({ id: "showtimes.noShowtimes" })}`}</span>
  );
  if (day.name === "later")
    return (
      <>
        <span>{date}</span>
        {empty}
      </>
    );
  return (
    <>
      <span>{intl.formatMessage({ id: day.name === "today" ? "showtimes.today" : "showtimes.tomorrow" })}</span>
      <small>{date}</small>
      {empty}
    </>
  );
}

/**
 * A chip reached by Tab or the arrow keys is scrolled wholly into the strip (WCAG 2.4.7, 2.4.11):
 * Chromium leaves a chip that is partly in view where it is, its ring cut by the strip's edge.
 */
function revealFocusedChip(event: FocusEvent<HTMLDivElement>) {
  const chip = (event.target as HTMLElement).closest("label, a");
  chip?.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function RadioChips<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  /** `disabled`: shown muted, not a choice (a disabled radio is skipped by Tab and the arrow keys). */
  options: readonly { value: T; label: ReactNode; disabled?: boolean }[];
  onChange(value: T): void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="chips" onFocus={revealFocusedChip}>
        {options.map((option) => (
          <label key={option.value} className={option.disabled ? "empty" : undefined}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The schedule's day links, in the chips' look; the page's own day is the current one. */
function DayLinks({ legend, days, current }: { legend: string; days: readonly ScheduleStripDay[]; current: string }) {
  const id = useId();
  const chips = useRef<HTMLDivElement>(null);
  // A later day's chip may sit past the phone's edge: the strip scrolls to it (sideways only).
  useEffect(() => {
    const strip = chips.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (strip && current)
      strip.scrollLeft = current.offsetLeft - strip.offsetLeft - strip.clientWidth / 2 + current.offsetWidth / 2;
  }, [days]);
  return (
    <nav aria-labelledby={id}>
      <p className="legend" id={id}>
        {legend}
      </p>
      <div className="chips" ref={chips} onFocus={revealFocusedChip}>
        {days.map((d) =>
          // A day with nothing (at the chosen theater) is no link, so no stop for Tab: muted, and
          // aria-disabled so a screen reader announces it as unavailable. The page's own day stays a link.
          d.empty && d.date !== current ? (
            <span key={d.date} className="empty" aria-disabled="true">
              <DayLabel day={d} />
            </span>
          ) : (
            <SiteLink key={d.date} to={d.path}>
              <DayLabel day={d} />
            </SiteLink>
          ),
        )}
      </div>
    </nav>
  );
}

const EMPTY_DAY_MESSAGES: Record<EmptyDayReason, string> = {
  filtered: "showtimes.noneMatch",
  allFiltered: "showtimes.noneMatchAtAll",
  nothingAtAll: "showtimes.nothingAtAll",
  started: "showtimes.nothingLeft",
  none: "showtimes.noneOn",
};

export function Programme({ showtimes, films, layout, headingLevel, schedule }: ProgrammeProps) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const now = useNow();
  const name = useId();
  const { currentTheater } = useSelectedTheater();
  const [filter, setFilter] = useState<RememberedFilter>(() =>
    schedule ? { ...remembered } : { version: "all", format: "all", allTheaters: false },
  );
  const change = (next: Partial<RememberedFilter>) =>
    setFilter((current) => {
      const value = { ...current, ...next };
      if (schedule) Object.assign(remembered, value);
      return value;
    });
  const { allTheaters } = filter;
  const [chosenDay, setChosenDay] = useState<string | null>(null);

  // On a circuit the visitor's theater comes first and, until they untick it, is the only one shown.
  // A theater page's showtimes are all its own: no theater to choose (its theater is the current one).
  const chosenTheater = !site.isSingleLocation && layout !== "theater" ? currentTheater : null;
  const theaters = useMemo(() => {
    const order = chosenTheater
      ? [chosenTheater, ...site.theaters.filter((t) => t.id !== chosenTheater.id)]
      : site.theaters;
    return new Map(order.map((t) => [t.id, t]));
  }, [site.theaters, chosenTheater]);
  const theaterId = chosenTheater && !allTheaters ? chosenTheater.id : null;

  const grace = site.bookableAfterStartMinutes;
  const left = useMemo(
    () => (now === null ? showtimes : bookableShowtimes(showtimes, now, grace)),
    [showtimes, now, grace],
  );
  // The choices come from every show the page carries, started or not: computed from those left,
  // a version whose shows had all started left the filters once the clock applied, and everything
  // below moved up (issue 42). Chosen, it says none of its showtimes is left.
  const options = useMemo(() => filterOptions(showtimes), [showtimes]);
  // A version or format this page (or what is left of it) does not have stands for "all".
  const version = filter.version === "all" || options.versions.includes(filter.version) ? filter.version : "all";
  const format = filter.format === "all" || options.formats.includes(filter.format) ? filter.format : "all";
  const filtered = useMemo(
    () => filterShowtimes(left, { version, format, theaterId }),
    [left, version, format, theaterId],
  );
  // Until the page knows the time (server render, hydration) the programme's first day stands for
  // today, so the HTML already has the strip and one day, and hydration shifts nothing.
  const firstDate = useMemo(() => firstLocalDate(showtimes), [showtimes]);
  // The schedule's first day is the build's today on every day's page, so a later day's page names
  // its days as the first page does (not "today" for its own day) before the page knows the time.
  const today = now === null ? (schedule?.days[0]?.date ?? firstDate) : todayFor(site.timeZone, now);
  const scheduleDays = useMemo(() => {
    if (!schedule || today === null) return null;
    const left = filtered.filter((s) => s.localDate === schedule.day).length;
    return scheduleStrip(schedule.days, today, { date: schedule.day, left }, theaterId);
  }, [filtered, today, schedule, theaterId]);
  const strip = useMemo(
    () => scheduleDays ?? (today === null ? [] : dayStrip(filtered, today)),
    [scheduleDays, filtered, today],
  );
  // A schedule day the visitor's today has passed (a build days old, an old link): today's page instead;
  // the schedule page itself with nothing left today: the next day with shows (issue 42). The
  // schedule page is its first day's; a later day's page was asked for by its address.
  const requestedDay = schedule !== undefined && schedule.days[0]?.date !== schedule.day;
  const redirect =
    schedule && now !== null
      ? (scheduleRedirect(schedule.days, schedule.day, todayFor(site.timeZone, now)) ??
        (scheduleDays ? scheduleOpeningRedirect(scheduleDays, schedule.day, requestedDay) : null))
      : null;
  useEffect(() => {
    if (redirect)
      void navigate(keepingQuery(redirect, window.location), { replace: true, state: window.history.state });
  }, [redirect]);
  const showTheaterNames = !site.isSingleLocation && theaterId === null && layout !== "theater";
  // A film page whose film has nothing left at the visitor's theater: where it plays instead (issue 42).
  const playingElsewhere = layout === "film" && notPlayingAt(left, theaterId);
  // "See the times at …": every theater, that show's day, and focus on that theater's times.
  const [focusTheater, setFocusTheater] = useState<string | null>(null);
  useEffect(() => {
    if (focusTheater === null) return;
    document.getElementById(`${name}-theater-${focusTheater}`)?.focus();
    setFocusTheater(null);
  }, [focusTheater, name]);
  const showTimesAt = (theater: string, date: string) => {
    change({ allTheaters: true });
    setChosenDay(date);
    setFocusTheater(theater);
  };
  const level = headingLevel + 1;

  if (today === null) return <p>{intl.formatMessage({ id: "showtimes.nothingAtAll" })}</p>;
  // Without JavaScript the strip cannot switch days: every day is listed instead, as the page data has it.
  const DayTitle = heading(headingLevel);
  // The list is the server's HTML only. In the browser React neither renders a <noscript>'s
  // children nor compares them at hydration (to it they are the element's text), and a browser
  // running scripts never shows them: making it there was a tenth of the film page's programme
  // in its hydration (grouping, sorting and formatting every day; issue 44). Gatsby defines
  // BUILD_STAGE, so webpack drops the branch not taken (the list, in the browser bundle).
  const everyDay = schedule ? null : (
    <noscript>
      {process.env.BUILD_STAGE === "build-javascript" ? null : (
        <>
          <style>{".js-programme{display:none}"}</style>
          <Root>
            {[...groupBy(showtimes, (s) => s.localDate).entries()]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([date, list]) => (
                <section key={date} aria-label={formatDay(intl, date)}>
                  <DayTitle className="day-title">{formatDay(intl, date)}</DayTitle>
                  <DayShowtimes
                    showtimes={list}
                    films={films}
                    layout={layout}
                    level={level}
                    theaters={theaters}
                    showTheaterNames={!site.isSingleLocation && layout !== "theater"}
                    calendar={false}
                  />
                </section>
              ))}
          </Root>
        </>
      )}
    </noscript>
  );

  const day = schedule
    ? schedule.day
    : chosenDay && strip.some((d) => d.date === chosenDay && !d.empty)
      ? chosenDay
      : initialDay(strip);
  const dayShowtimes = filtered.filter((s) => s.localDate === day);
  // The page's showtimes are in the programme's order (by start), so a day's films by first
  // appearance are its films by their first show of the day, started or not.
  const filmOrder = filmsByFirstShow(showtimes, day);
  // The schedule page itself, with nothing left at the visitor's clock: the script goes on before the first paint.
  const nextDayPage = schedule && !requestedDay ? schedule.days.find((d) => d.date > schedule.day) : undefined;
  const openingDayAttributes =
    nextDayPage && showtimes.length > 0
      ? {
          [NEXT_DAY_PATH_ATTRIBUTE]: withPrefix(nextDayPage.path),
          [DAY_LAST_START_MINUTE_ATTRIBUTE]: lastStartMinute(showtimes),
        }
      : {};
  const next = day ? nextDayWithShowtimes(strip, day) : null;
  const nextPath = scheduleDays?.find((d) => d.date === next)?.path;
  // A film or theater page before it knows the time (server render, hydration) also carries its
  // next day with shows, hidden: seen after the first day's last show, the pre-paint rule hides that
  // day and shows the next, which React then opens on, so nothing moves (programme-prepaint.ts).
  const followingDay =
    !schedule && now === null && day && dayShowtimes.length > 0
      ? (strip.find((d) => d.date > day && !d.empty)?.date ?? null)
      : null;
  const versionChoices = options.versions.filter((v): v is Version => v !== "standard");
  const formatChoices = options.formats.filter((f): f is PictureFormat => f !== "standard");
  const dayText = day ? formatDay(intl, day) : "";

  return (
    <>
      {everyDay}
      <Root className="js-programme">
        <div className="filters">
          {versionChoices.length > 0 && (
            <RadioChips<ShowtimeFilter["version"]>
              legend={intl.formatMessage({ id: "showtimes.filter.version" })}
              name={`${name}-version`}
              value={version}
              onChange={(value) => change({ version: value })}
              options={[
                { value: "all", label: intl.formatMessage({ id: "showtimes.filter.all" }) },
                ...versionChoices.map((v) => ({ value: v, label: versionLabel(intl, v) })),
              ]}
            />
          )}
          {formatChoices.length > 0 && (
            <RadioChips<ShowtimeFilter["format"]>
              legend={intl.formatMessage({ id: "showtimes.filter.format" })}
              name={`${name}-format`}
              value={format}
              onChange={(value) => change({ format: value })}
              options={[
                { value: "all", label: intl.formatMessage({ id: "showtimes.filter.all" }) },
                ...formatChoices.map((f) => ({ value: f, label: f })),
              ]}
            />
          )}
          {chosenTheater && (
            <label className="only-here">
              <input
                type="checkbox"
                checked={!allTheaters}
                onChange={(event) => change({ allTheaters: !event.target.checked })}
              />
              {intl.formatMessage({ id: "showtimes.filter.onlyAt" }, { theater: chosenTheater.name })}
            </label>
          )}
        </div>
        {schedule ? (
          <DayLinks
            legend={intl.formatMessage({ id: "showtimes.day" })}
            days={scheduleDays ?? []}
            current={schedule.day}
          />
        ) : playingElsewhere ? null : (
          <RadioChips
            legend={intl.formatMessage({ id: "showtimes.day" })}
            name={`${name}-day`}
            value={day ?? ""}
            onChange={setChosenDay}
            // An empty day is no choice, unless it is the day shown (nothing left anywhere: today).
            options={strip.map((d) => ({
              value: d.date,
              label: <DayLabel day={d} />,
              disabled: d.empty && d.date !== day,
            }))}
          />
        )}
        {/* Nothing at the visitor's theater: where the film plays stands for the day (and the strip). */}
        <section
          aria-labelledby={playingElsewhere ? `${name}-where` : `${name}-day-title`}
          {...{ [OFFERED_AFTER_START_ATTRIBUTE]: offeredAfterStartMs(grace), ...openingDayAttributes }}
        >
          <PrepaintScript opensOnNextDay={NEXT_DAY_PATH_ATTRIBUTE in openingDayAttributes} />
          {!playingElsewhere && (
            <DayTitle id={`${name}-day-title`} className="day-title" {...(followingDay ? lastStart(dayShowtimes) : {})}>
              {dayText}
            </DayTitle>
          )}
          {dayShowtimes.length > 0 ? (
            <DayShowtimes
              showtimes={dayShowtimes}
              films={films}
              layout={layout}
              level={level}
              theaters={theaters}
              showTheaterNames={showTheaterNames}
              idPrefix={name}
              filmOrder={filmOrder}
            />
          ) : playingElsewhere && chosenTheater ? (
            <>
              <p role="status">
                {intl.formatMessage({ id: "showtimes.notPlayingAt" }, { theater: chosenTheater.name })}
              </p>
              <LevelHeading level={headingLevel} id={`${name}-where`}>
                {intl.formatMessage({ id: "showtimes.playingAt" })}
              </LevelHeading>
              <FeatureBoundary
                unavailable={() => <p role="alert">{intl.formatMessage({ id: "showtimes.whereUnavailable" })}</p>}
              >
                <Suspense fallback={null}>
                  <WherePlaying
                    showtimes={left}
                    now={now}
                    graceMinutes={grace}
                    today={today}
                    id={`${name}-where`}
                    onShowTimesAt={showTimesAt}
                  />
                </Suspense>
              </FeatureBoundary>
            </>
          ) : (
            <>
              <p role="status">
                {intl.formatMessage(
                  {
                    id: EMPTY_DAY_MESSAGES[
                      emptyDayReason(day ?? "", { all: showtimes, bookable: left, shown: filtered })
                    ],
                  },
                  { day: dayText },
                )}
              </p>
              {next && (
                <p className="next">
                  {nextPath ? (
                    <SiteLink to={nextPath}>
                      {intl.formatMessage({ id: "showtimes.seeNextDay" }, { day: formatDay(intl, next) })}
                    </SiteLink>
                  ) : (
                    <button type="button" onClick={() => setChosenDay(next)}>
                      {intl.formatMessage({ id: "showtimes.seeNextDay" }, { day: formatDay(intl, next) })}
                    </button>
                  )}
                </p>
              )}
            </>
          )}
          {followingDay && (
            <div className="following-day" {...{ [FOLLOWING_DAY_ATTRIBUTE]: lastStartMinute(dayShowtimes) }}>
              <DayTitle className="day-title">{formatDay(intl, followingDay)}</DayTitle>
              <DayShowtimes
                showtimes={filtered.filter((s) => s.localDate === followingDay)}
                films={films}
                layout={layout}
                level={level}
                theaters={theaters}
                showTheaterNames={showTheaterNames}
                idPrefix={`${name}-following`}
                filmOrder={filmsByFirstShow(showtimes, followingDay)}
              />
            </div>
          )}
        </section>
      </Root>
    </>
  );
}
