import type { IntlShape } from "react-intl";
import type { FilmAttributeKey } from "../../config/catalogue";
import type { MessageId } from "../../i18n/en-US";

export function formatRuntime(intl: IntlShape, minutes: number): string {
  return intl.formatMessage({ id: "film.runtime" }, { hours: Math.floor(minutes / 60), minutes: minutes % 60 }).trim();
}

/** A calendar date ("YYYY-MM-DD") as words; noon UTC so no time zone can move it to another day. */
export function formatDay(intl: IntlShape, date: string, style: "long" | "short" = "long"): string {
  return intl.formatDate(`${date}T12:00:00Z`, {
    timeZone: "UTC",
    weekday: style,
    day: "numeric",
    month: style === "long" ? "long" : "short",
  });
}

export function formatReleaseDate(intl: IntlShape, date: string): string {
  return intl.formatDate(`${date}T12:00:00Z`, { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
}

export function formatShowtime(intl: IntlShape, startsAt: string, timeZone: string): string {
  return intl.formatTime(startsAt, { timeZone, hour: "2-digit", minute: "2-digit" });
}

export function attributeLabel(intl: IntlShape, key: FilmAttributeKey): string {
  return intl.formatMessage({ id: `film.attr.${key}` as MessageId });
}
