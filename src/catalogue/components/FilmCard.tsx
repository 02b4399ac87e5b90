import { WatchlistToggle } from "../../member/favourites/components/WatchlistToggle";
import { SiteLink } from "../../links/SiteLink";
import { Fragment, type ComponentProps } from "react";
import { useIntl } from "react-intl";
import styled from "styled-components";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { LAST_START_MINUTE_ATTRIBUTE, OFFERED_AFTER_START_ATTRIBUTE } from "../programme-prepaint";
import { isBookable, offeredAfterStartMs } from "../schedule";
import type { FilmSummary, NextShowing } from "../types";
import { FilmPoster } from "./FilmPoster";
import { formatDay, formatReleaseDate, formatRuntime, formatShowtime, versionLabel } from "./format";
import { PrepaintScript } from "./PrepaintScript";
import { ReleaseBadges } from "./ReleaseBadges";
import { useNow } from "./useNow";

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  h3 {
    margin: 0.25rem 0 0;
    font-size: 1.1rem;
  }
  h3 a {
    color: inherit;
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  /* The whole card is clickable through the title link, which keeps one link per film for screen readers. */
  position: relative;
  h3 a::after {
    content: "";
    position: absolute;
    inset: 0;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colours.textAlt};
    font-size: 0.9rem;
  }
  /* The times wrap as whole times: "18:15 VOST," never splits. */
  .times > span {
    white-space: nowrap;
  }
`;

/**
 * When the film can be seen (issue 45): a coming film's release date; a film on the programme, its
 * first day with showtimes and that day's first times, at the visitor's theater when it plays there
 * (an absolute date: the card is built once and read on later days). Each time carries the minute
 * of its start, so the grid's pre-paint rule hides the times gone by the visitor's clock before the
 * first paint, as React's render with the clock then does: nothing moves. When they are all gone,
 * the line goes with them (the card knows no later day).
 */
function When({ film, theaterId }: { film: FilmSummary; theaterId: string | undefined }) {
  const intl = useIntl();
  const site = useSiteRuntime();
  const now = useNow();
  if (film.playWeek !== "CURRENT_PLAYWEEK" && film.releaseDate)
    return (
      <p className="when">
        {intl.formatMessage({ id: "films.releaseOn" }, { date: formatReleaseDate(intl, film.releaseDate) })}
      </p>
    );
  const showing = pickShowing(film.nextShowings, theaterId);
  if (!showing) return null;
  const grace = site.bookableAfterStartMinutes;
  const all = showing.times.map((t) => ({ ...t, startsAt: new Date(t.minute * 60_000).toISOString() }));
  const times = now === null ? all : all.filter((t) => isBookable(t, now, grace));
  const last = all.at(-1);
  if (times.length === 0 || !last) return null;
  const timeZone = site.theaters.find((t) => t.id === showing.theaterId)?.timeZone ?? site.timeZone;
  return (
    <p className="when" {...{ [LAST_START_MINUTE_ATTRIBUTE]: last.minute }}>
      {intl.formatMessage(
        { id: "films.nextShowing" },
        {
          day: formatDay(intl, showing.date, "short"),
          times: (
            // Times pass in order, so the hidden ones are always the first: each but the last
            // carries its own comma, and what stays reads "18:15 VOST, 20:45" from the first paint.
            <span className="times" key="times">
              {times.map((t, i) => (
                <Fragment key={t.startsAt}>
                  {i > 0 && " "}
                  <span {...{ [LAST_START_MINUTE_ATTRIBUTE]: t.minute }}>
                    {formatShowtime(intl, t.startsAt, timeZone)}
                    {t.version && `\u00a0${versionLabel(intl, t.version)}`}
                    {i < times.length - 1 && ","}
                  </span>
                </Fragment>
              ))}
            </span>
          ),
        },
      )}
    </p>
  );
}

/** The visitor's theater's first day when the film plays there, else the earliest (the site's first theater on a tie). */
function pickShowing(showings: readonly NextShowing[], theaterId: string | undefined): NextShowing | undefined {
  const here = theaterId === undefined ? undefined : showings.find((s) => s.theaterId === theaterId);
  return (
    here ??
    showings.reduce<NextShowing | undefined>((first, s) => (!first || s.date < first.date ? s : first), undefined)
  );
}

/** `showingAt`: the visitor's theater, when the film plays there (circuit sites). */
export function FilmCard({
  film,
  headingLevel = 3,
  showingAt,
  priority = false,
}: {
  film: FilmSummary;
  headingLevel?: 2 | 3;
  showingAt?: { id: string; name: string } | undefined;
  /** Above the fold: the poster loads at once (FilmPoster). */
  priority?: boolean;
}) {
  const intl = useIntl();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const facts = [
    film.runtimeMinutes ? formatRuntime(intl, film.runtimeMinutes) : null,
    film.genres.join(", ") || null,
    film.certificate,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Card data-film-id={film.id}>
      <FilmPoster poster={film.poster} title={film.title} priority={priority} decorative />
      <ReleaseBadges releaseFlags={film.releaseFlags} />
      <Heading>
        <SiteLink to={film.path}>{film.title}</SiteLink>
      </Heading>
      {facts && <p>{facts}</p>}
      <When film={film} theaterId={showingAt?.id} />
      {showingAt && (
        <p className="showing-at">{intl.formatMessage({ id: "films.showingAt" }, { theater: showingAt.name })}</p>
      )}
      <WatchlistToggle filmId={film.id} title={film.title} />
    </Card>
  );
}

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1.5rem 1rem;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

/**
 * The grid of film cards, with the pre-paint rule that hides the card times passed since the
 * build (When, above) before the first paint.
 */
export function FilmGrid({ children, ...props }: ComponentProps<typeof Grid>) {
  const site = useSiteRuntime();
  return (
    <Grid {...props} {...{ [OFFERED_AFTER_START_ATTRIBUTE]: offeredAfterStartMs(site.bookableAfterStartMinutes) }}>
      <PrepaintScript />
      {children}
    </Grid>
  );
}
