import { WatchlistToggle } from "../../member/favourites/components/WatchlistToggle";
import { SiteLink } from "../../links/SiteLink";
import { useIntl } from "react-intl";
import styled from "styled-components";
import type { FilmSummary } from "../types";
import { FilmPoster } from "./FilmPoster";
import { formatDay, formatReleaseDate, formatRuntime } from "./format";
import { ReleaseBadges } from "./ReleaseBadges";

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
`;

/**
 * When the film can be seen (issue 45): a coming film's release date; a film on the programme, its
 * first day with showtimes (an absolute date: the card is built once and read on later days). The
 * times themselves are the film page's (a list carries no showtimes, issue 19).
 */
function When({ film }: { film: FilmSummary }) {
  const intl = useIntl();
  if (film.playWeek !== "CURRENT_PLAYWEEK" && film.releaseDate)
    return (
      <p className="when">
        {intl.formatMessage({ id: "films.releaseOn" }, { date: formatReleaseDate(intl, film.releaseDate) })}
      </p>
    );
  if (film.nextDay)
    return (
      <p className="when">
        {intl.formatMessage({ id: "films.nextShowing" }, { day: formatDay(intl, film.nextDay.date, "short") })}
      </p>
    );
  return null;
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
  showingAt?: string | undefined;
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
      <When film={film} />
      {showingAt && (
        <p className="showing-at">{intl.formatMessage({ id: "films.showingAt" }, { theater: showingAt })}</p>
      )}
      <WatchlistToggle filmId={film.id} title={film.title} />
    </Card>
  );
}

export const FilmGrid = styled.ul`
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
