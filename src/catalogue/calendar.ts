// "Add to calendar" for one showtime: an RFC 5545 event built with the `ics` package. The event
// is described here (pure, tested); the package itself is imported only when a visitor asks for
// the file, so it never weighs on a page's first load.
import type { EventAttributes } from "ics";
import { loadOnce } from "../lib/lazy";
import type { Showtime } from "./types";

export type CalendarShowtime = {
  showtime: Pick<Showtime, "perfCode" | "startsAt" | "screen" | "bookingUrl">;
  filmTitle: string;
  runtimeMinutes: number | null;
  theater: { name: string; address: string; theaterCode: string };
  /** The site's domain: the UID's right-hand side, so the same showtime is the same event everywhere. */
  domain: string;
  /** Details line, already in the site's language (version, screen). */
  description: string;
};

/** When the runtime is unknown the event still needs an end: two hours is a film's usual length. */
const DEFAULT_DURATION_MINUTES = 120;

export function showtimeEvent(input: CalendarShowtime): EventAttributes {
  const { showtime, theater } = input;
  const minutes = input.runtimeMinutes ?? DEFAULT_DURATION_MINUTES;
  return {
    // UTC start ("…Z"): correct in every calendar without shipping a VTIMEZONE.
    start: Date.parse(showtime.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { hours: Math.floor(minutes / 60), minutes: minutes % 60 },
    uid: `${theater.theaterCode}-${showtime.perfCode}@${input.domain}`,
    title: input.filmTitle,
    location: [theater.name, theater.address].filter(Boolean).join(", "),
    description: input.description,
    url: showtime.bookingUrl,
    status: "CONFIRMED",
    busyStatus: "BUSY",
    productId: input.domain,
  };
}

/** A safe file name: the film title in letters and digits, then the date. */
export function calendarFileName(filmTitle: string, startsAt: string): string {
  const title = filmTitle
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return `${title || "showtime"}-${startsAt.slice(0, 10)}.ics`;
}

const loadIcs = /* @__PURE__ */ loadOnce(() => import("ics"));

/** The .ics text; loads the `ics` package on first use. */
export async function calendarFile(input: CalendarShowtime): Promise<string> {
  const { createEvent } = await loadIcs();
  const { error, value } = createEvent(showtimeEvent(input));
  if (error || !value) throw error ?? new Error("the calendar event could not be written");
  return value;
}

/** Builds the file and hands it to the browser as a download (this module is loaded on click). */
export async function downloadCalendarFile(input: CalendarShowtime): Promise<void> {
  const text = await calendarFile(input);
  const url = URL.createObjectURL(new Blob([text], { type: "text/calendar;charset=utf-8" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = calendarFileName(input.filmTitle, input.showtime.startsAt);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
