// "Where it is playing" (issue 42): on a circuit's film page with nothing left at the visitor's
// theater, the theaters where the film plays, each with its next show and a button to see its
// times. Loaded on demand (Programme.tsx): a single-location site never needs it, and it is not
// part of any page's first load.
import { useIntl } from "react-intl";
import { useSiteRuntime } from "../../runtime/SiteRuntime";
import { versionOf } from "../schedule";
import { nextShowByTheater } from "../where-playing";
import type { Showtime } from "../types";
import { formatDayLabel, formatShowtime, timeInVersion } from "./format";

export type WherePlayingProps = {
  /** The film's showtimes still offered (every one before the page knows the time). */
  readonly showtimes: readonly Showtime[];
  readonly now: number | null;
  readonly graceMinutes: number;
  readonly today: string;
  /** The list's id (its heading names it); each button is described by `${id}-next-<theater>`. */
  readonly id: string;
  /** "See the times at …": that theater, on that show's day. */
  readonly onShowTimesAt: (theaterId: string, date: string) => void;
};

export function WherePlaying({ showtimes, now, graceMinutes, today, id, onShowTimesAt }: WherePlayingProps) {
  const intl = useIntl();
  const site = useSiteRuntime();
  // In the site's theater order.
  const byId = new Map(site.theaters.map((t) => [t.id, t]));
  const elsewhere = nextShowByTheater(showtimes, { now, graceMinutes, theaterOrder: [...byId.keys()] });
  return (
    <ul className="where" aria-labelledby={id}>
      {elsewhere.map(({ theaterId, next }) => {
        const theater = byId.get(theaterId) ?? { id: theaterId, name: theaterId, timeZone: site.timeZone };
        return (
          <li key={theaterId}>
            <button
              type="button"
              aria-describedby={`${id}-next-${theaterId}`}
              onClick={() => onShowTimesAt(theaterId, next.localDate)}
            >
              {intl.formatMessage({ id: "showtimes.seeTimesAt" }, { theater: theater.name })}
            </button>
            <span id={`${id}-next-${theaterId}`}>
              {intl.formatMessage(
                { id: "showtimes.nextShow" },
                {
                  date: formatDayLabel(intl, next.localDate, today),
                  // "à 18:15 en VOST": a show in another version than the visitor expects is no lead.
                  time: timeInVersion(
                    intl,
                    formatShowtime(intl, next.startsAt, theater.timeZone),
                    versionOf(next.attributes),
                  ),
                },
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export default WherePlaying;
