// Dated schedule addresses (/seances/<YYYY-MM-DD>/, /showtimes/<date>/ on en-US sites) that no
// longer name a page to serve (issue 42): the schedule is a page per day with shows, built for a
// fortnight, and a link shared yesterday ("tomorrow's showtimes") or a day past the build's range
// must lead to the programme, never to a 404. Pure: the server hands it the site's built days and
// its today in the site's time zone (spec §9).
import { isoDate } from "../../config/common";
import { schedulePath } from "../../lib/paths";

/** What the rule needs of a built site: its schedule's address and the days with a page of their own. */
export interface BuiltSchedule {
  /** "/seances/" or "/showtimes/": the schedule page, which is its first day's. */
  readonly path: string;
  /** The later days with a page at `${path}<date>/`, sorted. The first day is the schedule page itself. */
  readonly days: readonly string[];
}

const DATED = /^(\/[a-z]+\/)(\d{4}-\d{2}-\d{2})\/?$/;

/**
 * Where a request for `path` (decoded, the query apart) is sent, or null to handle it as any other
 * path (a malformed or impossible date, another folder, a site without a schedule, a day whose page
 * is served as it is). `today` is the site's today.
 * - a day with a page from today on: null, the page is served (a later day, or today's on a build
 *   days old whose first day has passed);
 * - today or a past day otherwise: the schedule page (`/seances/`), which is today's; or today's own
 *   page when the build is older than today and has one;
 * - a later day without a page: the next day that has one, or past the built range the last one.
 * The query is kept (`search`, with its "?"), as the browser's own redirect of an old schedule day
 * keeps it (src/links/redirects.ts keepingQuery): a shared link's campaign parameters survive.
 */
export function datedScheduleRedirect(
  schedule: BuiltSchedule,
  path: string,
  search: string,
  today: string,
): string | null {
  const match = DATED.exec(path);
  if (!match || match[1] !== schedule.path) return null;
  const date = match[2]!;
  // A real calendar date (not 2026-02-30), as the config files' dates are checked.
  if (!isoDate.safeParse(date).success) return null;
  const pageOf = (day: string) => `${schedule.path}${day}/`;
  const built = schedule.days.includes(date);
  if (built && date >= today) return null;
  if (date <= today) return `${schedule.days.includes(today) ? pageOf(today) : schedule.path}${search}`;
  const next = schedule.days.find((day) => day > date) ?? schedule.days.at(-1);
  return `${next ? pageOf(next) : schedule.path}${search}`;
}

/**
 * The schedule a built site has, from its files (URL paths as the server lists public/): the
 * locale's schedule folder with an index.html, and the dated folders under it. Null when the site
 * built no schedule page.
 */
export function builtScheduleOf(files: ReadonlySet<string>): BuiltSchedule | null {
  const path = [schedulePath("fr-FR"), schedulePath("en-US")].find((at) => files.has(`${at}index.html`));
  if (!path) return null;
  const dayPage = new RegExp(`^${path}(\\d{4}-\\d{2}-\\d{2})/index\\.html$`);
  const days = [...files].flatMap((file) => dayPage.exec(file)?.slice(1, 2) ?? []).sort();
  return { path, days };
}
