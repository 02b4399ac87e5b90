import type { IntlShape } from "react-intl";
import type { FilmAttributeKey } from "../../config/catalogue";
import { dayNameOf, type Version } from "../schedule";
import { boundedMemo } from "../../lib/bounded-memo";

/**
 * Showtimes, days and runtimes are formatted with Intl objects made once per locale and options,
 * and the labels kept: a build formats the same few instants for every film (each one's 20:30 on
 * the same fortnight), and react-intl's formatTime serialises its options to a cache key on every
 * call, which was a third of the HTML step's rendering (issue 19). Bounded, so a long-lived page
 * never grows it without end.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cachedFormat<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}
const memoLabel = boundedMemo<string>(20_000);

/**
 * A running time in the locale's own units, as Intl.DurationFormat's "short" style writes it
 * ("2 h 12 min" in French, "2 hr 12 min" in US English); built from Intl.NumberFormat's units,
 * which every browser and Node the site supports has (DurationFormat is too recent).
 */
export function formatDuration(locale: string, totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const unit = (value: number, name: string) =>
    cachedFormat(
      `${locale}|${name}`,
      () => new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }),
    ).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? (rest ? `${unit(hours, "hour")} ${unit(rest, "minute")}` : unit(hours, "hour")) : unit(rest, "minute");
}

export function formatRuntime(intl: IntlShape, minutes: number): string {
  return formatDuration(intl.locale, minutes);
}

/**
 * A calendar date ("YYYY-MM-DD") as words; noon UTC so no time zone can move it to another day.
 * French writes the first of the month as an ordinal: "lundi 1er décembre".
 */
export function formatDay(intl: IntlShape, date: string, style: "long" | "short" = "long"): string {
  const { locale } = intl;
  return memoLabel(`d|${locale}|${style}|${date}`, () => {
    const formatter = cachedFormat(
      `d|${locale}|${style}`,
      () =>
        new Intl.DateTimeFormat(locale, {
          timeZone: "UTC",
          weekday: style,
          day: "numeric",
          month: style === "long" ? "long" : "short",
        }),
    );
    const french = locale.toLowerCase().startsWith("fr");
    return formatter
      .formatToParts(Date.parse(`${date}T12:00:00Z`))
      .map((p) => (french && p.type === "day" && p.value === "1" ? "1er" : p.value))
      .join("");
  });
}

/**
 * A day as the home page's next showtimes name it (issue 42): "Aujourd'hui" / "Today",
 * "Demain" / "Tomorrow", else weekday and short date, "Dimanche 29 nov." / "Sunday, Nov 29",
 * capitalised as a label. `today` is the site's today (spec §9), or before the clock is known the
 * first day the page carries.
 */
export function formatDayLabel(intl: IntlShape, date: string, today: string): string {
  const name = dayNameOf(date, today);
  if (name !== "later") return intl.formatMessage({ id: name === "today" ? "showtimes.today" : "showtimes.tomorrow" });
  const { locale } = intl;
  return memoLabel(`l|${locale}|${date}`, () => {
    const label = cachedFormat(
      `l|${locale}`,
      () => new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "long", day: "numeric", month: "short" }),
    ).format(Date.parse(`${date}T12:00:00Z`));
    return label.charAt(0).toLocaleUpperCase(locale) + label.slice(1);
  });
}

export function formatReleaseDate(intl: IntlShape, date: string): string {
  return intl.formatDate(`${date}T12:00:00Z`, { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
}

export function formatShowtime(intl: IntlShape, startsAt: string, timeZone: string): string {
  const { locale } = intl;
  return memoLabel(`t|${locale}|${timeZone}|${startsAt}`, () =>
    // "numeric" hours: "1:00 PM" on en-US (never "01:00 PM"), "20:45" on fr-FR.
    cachedFormat(
      `t|${locale}|${timeZone}`,
      () => new Intl.DateTimeFormat(locale, { timeZone, hour: "numeric", minute: "2-digit" }),
    ).format(Date.parse(startsAt)),
  );
}

export function attributeLabel(intl: IntlShape, key: FilmAttributeKey): string {
  return intl.formatMessage({ id: `film.attr.${key}` });
}

/** VF / VO / VOST on French sites; words on others. */
export function versionLabel(intl: IntlShape, version: Version): string {
  return intl.formatMessage({ id: `showtimes.version.${version}` });
}

/**
 * A show's time with its version, as a sentence or a control's name says it (issue 45): "18:15 en
 * VOST", "6:15 PM (Original with subtitles)"; the time alone when the show has no version (versionOf
 * null: the film's own language).
 */
export function timeInVersion(intl: IntlShape, time: string, version: Version | null): string {
  return version
    ? intl.formatMessage({ id: "showtimes.timeInVersion" }, { time, version: versionLabel(intl, version) })
    : time;
}
