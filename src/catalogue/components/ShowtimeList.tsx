import { useIntl } from "react-intl";
import styled from "styled-components";
import { SiteLink } from "../../links/SiteLink";
import type { ShowtimeDay } from "../programme";
import type { Showtime } from "../types";
import { attributeLabel, formatDay, formatShowtime } from "./format";

const Day = styled.section`
  margin-bottom: 1.5rem;
  h3 {
    font-size: 1.1rem;
    margin: 0 0 0.5rem;
    &::first-letter {
      text-transform: uppercase;
    }
  }
  h4 {
    font-size: 0.95rem;
    margin: 0.5rem 0 0.25rem;
    color: ${({ theme }) => theme.colours.textAlt};
  }
`;

const Times = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    min-width: 4.5rem;
    min-height: 44px;
    padding: 0.4rem 0.75rem;
    border-radius: ${({ theme }) => theme.radii.buttons};
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.readableOnPrimary};
    text-decoration: none;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    transition: transform ${({ theme }) => theme.durations.fast}ms ease-out;
  }
  a:hover {
    transform: translateY(-1px);
  }
  small {
    font-weight: normal;
    font-size: 0.7rem;
  }
`;

type TheaterInfo = { id: string; name: string; timeZone: string };

type ShowtimeTimesProps = { showtimes: readonly Showtime[]; date: string; theater: TheaterInfo };

/** One link per performance, to the ticketing service's booking page (or the embedded booking route). */
export function ShowtimeTimes({ showtimes, date, theater }: ShowtimeTimesProps) {
  const intl = useIntl();
  const day = formatDay(intl, date);
  return (
    <Times>
      {showtimes.map((s) => {
        const time = formatShowtime(intl, s.startsAt, theater.timeZone);
        const attributes = s.attributes.map((a) => attributeLabel(intl, a));
        return (
          <li key={s.perfCode}>
            <SiteLink
              to={s.bookingUrl}
              data-perf-code={s.perfCode}
              aria-label={intl.formatMessage(
                { id: "film.bookShowtime" },
                { time, date: day, attributes: attributes.length ? ` (${attributes.join(", ")})` : "" },
              )}
            >
              <time dateTime={s.startsAt}>{time}</time>
              {attributes.length > 0 && <small aria-hidden="true">{attributes.join(" · ")}</small>}
            </SiteLink>
          </li>
        );
      })}
    </Times>
  );
}

type ShowtimeListProps = {
  days: readonly ShowtimeDay[];
  theaters: ReadonlyMap<string, TheaterInfo>;
  /** Theatre names are shown as sub-headings only when showtimes can come from several theatres. */
  showTheaterNames: boolean;
};

/** Showtimes grouped by day, then by theatre (spec: "grouped by day and theatre"). */
export function ShowtimeList({ days, theaters, showTheaterNames }: ShowtimeListProps) {
  const intl = useIntl();
  if (days.length === 0) return <p>{intl.formatMessage({ id: "film.noShowtimes" })}</p>;
  return (
    <>
      {days.map((day) => (
        <Day key={day.date} aria-label={formatDay(intl, day.date)}>
          <h3>{formatDay(intl, day.date)}</h3>
          {day.theaters.map((group) => {
            const theater = theaters.get(group.theaterId) ?? {
              id: group.theaterId,
              name: group.theaterId,
              timeZone: "UTC",
            };
            return (
              <div key={group.theaterId}>
                {showTheaterNames && <h4>{theater.name}</h4>}
                <ShowtimeTimes showtimes={group.showtimes} date={day.date} theater={theater} />
              </div>
            );
          })}
        </Day>
      ))}
    </>
  );
}
