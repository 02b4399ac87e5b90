import { useState } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { loadOnce } from "../../lib/lazy";
import { SiteLink } from "../../links/SiteLink";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import type { CalendarShowtime } from "../calendar";
import { addressLines } from "../address";
import { localIsoWithOffset } from "../dates";
import { START_ATTRIBUTE } from "../next-showtimes";
import { epochMinute, LAST_START_MINUTE_ATTRIBUTE, STARTED_LABEL_ATTRIBUTE } from "../programme-prepaint";
import { endsAt, formatOf, isBookable, showtimeState, versionOf } from "../schedule";
import type { Poster, Showtime } from "../types";
import { formatDay, formatShowtime, timeInVersion, versionLabel } from "./format";
import { useNow } from "./useNow";

export type TheaterInfo = { id: string; name: string; timeZone: string; theaterCode?: string };
export type ProgrammeFilm = {
  id: number;
  title: string;
  path: string;
  runtimeMinutes: number | null;
  /** A theater page shows it as a thumbnail beside the film's times. */
  poster?: Poster | null;
};

const CALENDAR_ICON = `url("data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="none" stroke="black" stroke-width="2" d="M4 5h16v15H4zM4 10h16M8 2v5m8-5v5m-4 6v5m-2.5-2.5h5"/></svg>',
)}")`;

// Fixed-width columns: where a showtime sits never depends on how wide its text renders, so a web
// font arriving after first paint moves nothing (no re-wrapping of the list).
const Times = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: 0.5rem;
  list-style: none;
  margin: 0 0 0.5rem;
  padding: 0;
  li {
    display: flex;
    align-items: stretch;
    min-width: 0;
  }
  li[hidden] {
    display: none;
  }
  a {
    flex: 1 1 auto;
    min-width: 0;
    display: inline-flex;
    flex-direction: column;
    align-items: flex-start;
    justify-content: center;
    min-width: 5rem;
    min-height: 44px;
    padding: 0.35rem 0.75rem;
    border-radius: ${({ theme }) => theme.radii.buttons} 0 0 ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
    text-decoration: none;
    line-height: 1.25;
    --focus-ring-colour: ${({ theme }) => theme.colours.focusRingOnPrimary};
  }
  a:last-child {
    border-radius: ${({ theme }) => theme.radii.buttons};
  }
  time {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-size: 1.05rem;
  }
  small {
    font-size: 0.75rem;
  }
  button {
    flex: 0 0 auto;
    font: inherit;
    min-width: 44px;
    min-height: 44px;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    cursor: pointer;
    border: 2px solid ${({ theme }) => theme.colours.primary};
    border-left-width: 1px;
    border-radius: 0 ${({ theme }) => theme.radii.buttons} ${({ theme }) => theme.radii.buttons} 0;
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.readablePrimary};
  }
  /* The calendar icon is drawn by CSS, not an inline <svg>: a day of the schedule repeats it for
     every showtime (thousands on a circuit), and the markup is what the build renders, stitches and
     every visitor downloads. In forced colours the icon takes the button's text colour. */
  button::before {
    content: "";
    width: 1.1rem;
    height: 1.1rem;
    background-color: currentColor;
    -webkit-mask: ${CALENDAR_ICON} center / contain no-repeat;
    mask: ${CALENDAR_ICON} center / contain no-repeat;
  }
  @media (forced-colors: active) {
    button::before {
      forced-color-adjust: none;
      background-color: ButtonText;
    }
  }
`;

const loadCalendar = /* @__PURE__ */ loadOnce(() => import("../calendar"));

/** Offers the .ics file; the event builder and the `ics` package are fetched on the first click only. */
function AddToCalendar({ event, label }: { event: CalendarShowtime; label: string }) {
  const intl = useIntl();
  const [failed, setFailed] = useState(false);
  const download = () =>
    loadCalendar()
      .then((calendar) => calendar.downloadCalendarFile(event))
      .then(
        () => setFailed(false),
        () => setFailed(true),
      );
  return (
    <>
      <button type="button" onClick={() => void download()}>
        <span className="visually-hidden">{label}</span>
      </button>
      {failed && (
        <span role="alert" className="visually-hidden">
          {intl.formatMessage({ id: "showtimes.calendarFailed" })}
        </span>
      )}
    </>
  );
}

type ShowtimeTimesProps = {
  showtimes: readonly Showtime[];
  theater: TheaterInfo;
  /** Titles and runtimes for the end time and the calendar event. */
  films?: ReadonlyMap<number, ProgrammeFilm>;
  /**
   * The times to show, by perfCode, when the caller decides (the home page's list): every time is
   * then rendered, the others `hidden`, each with its start for the list's pre-paint script.
   */
  shown?: ReadonlySet<string>;
  /**
   * Whether each time gets its "add to calendar" button (default true). Not in the programme's
   * `<noscript>` copy: without JavaScript the button could do nothing.
   */
  calendar?: boolean;
};

/**
 * One link per performance to the ticketing service's booking page (or the embedded booking
 * route). Its text starts with the time the visitor sees, so its accessible name does too
 * (WCAG 2.5.3); once the browser knows the time, a show that started is labelled so ("commencé")
 * during the site's grace, in the link's text and so in its accessible name, and dropped after it.
 */
export function ShowtimeTimes({ showtimes, theater, films, shown, calendar = true }: ShowtimeTimesProps) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const now = useNow();
  const grace = site.bookableAfterStartMinutes;
  const left = shown || now === null ? showtimes : showtimes.filter((s) => isBookable(s, now, grace));
  if (left.length === 0) return null;
  const siteTheater = site.theaters.find((t) => t.id === theater.id);
  const theaterCode = theater.theaterCode ?? siteTheater?.theaterCode ?? theater.id;
  // The calendar event's place: the theater's postal address on one line, as its country writes it.
  const address = siteTheater ? addressLines(siteTheater.address, site.country.iso31661A2).join(", ") : "";
  return (
    <Times>
      {left.map((s) => {
        const time = formatShowtime(intl, s.startsAt, theater.timeZone);
        const film = films?.get(s.filmId);
        const end = film ? endsAt(s.startsAt, film.runtimeMinutes) : null;
        const version = versionOf(s.attributes);
        const format = formatOf(s.attributes);
        const details = [
          version && versionLabel(intl, version),
          format,
          s.screen,
          end &&
            intl.formatMessage(
              { id: "showtimes.endsAt" },
              // "12:42 AM" stays whole: Chromium's formatter puts a breaking space before the AM.
              { time: formatShowtime(intl, end, theater.timeZone).replace(" ", "\u00a0") },
            ),
        ]
          .filter(Boolean)
          // A narrow chip wraps only after a separator, never before one: "VO · Salle 2 ·" over
          // "fin 22:42" (whose own space is a no-break one, in the catalogues: the end time is one piece).
          .join("\u00a0· ");
        return (
          <li
            key={s.perfCode}
            {...(shown
              ? {
                  hidden: !shown.has(s.perfCode),
                  [START_ATTRIBUTE]: Date.parse(s.startsAt),
                  // The list's pre-paint script may have set `hidden` otherwise (next-showtimes.ts).
                  suppressHydrationWarning: true,
                }
              : // The programme's pre-paint rule hides it once gone (programme-prepaint.ts).
                { [LAST_START_MINUTE_ATTRIBUTE]: epochMinute(s.startsAt) })}
          >
            <SiteLink to={s.bookingUrl} data-perf-code={s.perfCode}>
              <time dateTime={localIsoWithOffset(s.startsAt, theater.timeZone)}>{time}</time>
              {/* In every show's link, hidden until the show has started: the programme's pre-paint
                  rule shows it from the first paint (programme-prepaint.ts), where it appearing
                  with the clock would move what is below. */}
              <small
                hidden={now === null || showtimeState(s, now, grace) !== "started"}
                {...{ [STARTED_LABEL_ATTRIBUTE]: "" }}
                // The home list's pre-paint script may have shown it already (next-showtimes.ts).
                suppressHydrationWarning
              >{` ${intl.formatMessage({ id: "showtimes.started" })}`}</small>
              {details && <small>{` ${details}`}</small>}
            </SiteLink>
            {calendar && (
              <AddToCalendar
                // Named by film, day, time with its version and (on a circuit) theater: a screen
                // reader's list of buttons tells each show apart without the headings around it, a
                // VF from a VOST at the same time too (WCAG 2.4.6).
                label={intl.formatMessage(
                  { id: site.isSingleLocation ? "showtimes.addToCalendar" : "showtimes.addToCalendarAt" },
                  {
                    film: film?.title ?? site.name,
                    time: timeInVersion(intl, time, version),
                    date: formatDay(intl, s.localDate),
                    theater: theater.name,
                  },
                )}
                event={{
                  showtime: s,
                  filmTitle: film?.title ?? site.name,
                  runtimeMinutes: film?.runtimeMinutes ?? null,
                  theater: { name: theater.name, address, theaterCode },
                  domain: site.domain,
                  description: details,
                  filmUrl: film ? `https://${site.domain}${film.path}` : undefined,
                }}
              />
            )}
          </li>
        );
      })}
    </Times>
  );
}
