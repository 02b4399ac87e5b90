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
  /** The film's page on the site, absolute: the event leads back to it (its URL is the booking). */
  filmUrl?: string;
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
    description: [input.description, input.filmUrl].filter(Boolean).join("\n"),
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

/**
 * RFC 5545 §3.1: a content line longer than 75 octets is folded (CRLF, one space). `ics` folds at
 * 75 characters, which an accented description ("Cinéma", "·") takes past 75 octets: its lines
 * are unfolded and folded again here by octets, never inside a character.
 */
export function foldContentLines(text: string): string {
  const encoder = new TextEncoder();
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      const parts: string[] = [];
      let part = "";
      let octets = 0;
      for (const character of line) {
        const size = encoder.encode(character).length;
        // A continuation line starts with its space: 74 octets of content after it.
        if (octets + size > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = "";
          octets = 0;
        }
        part += character;
        octets += size;
      }
      return [...parts, part].join("\r\n ");
    })
    .join("\r\n");
}

/** The .ics text; loads the `ics` package on first use. */
export async function calendarFile(input: CalendarShowtime): Promise<string> {
  const { createEvent } = await loadIcs();
  const { error, value } = createEvent(showtimeEvent(input));
  if (error || !value) throw error ?? new Error("the calendar event could not be written");
  return foldContentLines(value);
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
