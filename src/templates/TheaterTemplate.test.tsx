// A circuit's theater page (issue 42): the same day strip as a film page (empty days marked, no
// choice; opening on the first day with shows left) and that day's films with their times; an
// offer, never a switch, to make the theater the visitor's own, the header's picker keeping the
// visitor's choice until they accept.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { PageProps } from "gatsby";
import { zonedTimeToUtc } from "../catalogue/dates";
import type { ScheduleShowtime } from "../catalogue/film-showtimes";
import { readSelectedTheaterId } from "../member/favourites/selected-theater";
import type { SiteRuntime } from "../site/model";
import { installSiteRuntime } from "../test/gatsby-mock";
import { plannedPage } from "../test/site-runtime";
import type { TheaterPageContext } from "../site/contexts";
import TheaterTemplate from "./TheaterTemplate";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

const ZONE = "America/Chicago"; // starlight's
const DOWNTOWN = "starlight-downtown";
const LOW_ORBIT = 2048;
const HIGHWAY_NINE = 2051;

let runtime: SiteRuntime;
let planned: TheaterPageContext;
beforeAll(async () => {
  ({ runtime, pageContext: planned } = await plannedPage<TheaterPageContext>(
    "starlight",
    "/theaters/downtown/",
    new Date("2026-11-28T12:00:00Z"),
  ));
});

const show = (filmId: number, day: string, time: string): ScheduleShowtime => [
  filmId,
  `SL001-${filmId}-${day}-${time}`,
  DOWNTOWN,
  zonedTimeToUtc(day, time, ZONE).toISOString(),
  day,
];
// Saturday 28 Nov: last show 21:00; nothing on Sunday; Monday two films.
const SHOWTIMES = [
  show(LOW_ORBIT, "2026-11-28", "13:00"),
  show(HIGHWAY_NINE, "2026-11-28", "21:00"),
  show(LOW_ORBIT, "2026-11-30", "13:00"),
  show(HIGHWAY_NINE, "2026-11-30", "15:00"),
  show(LOW_ORBIT, "2026-11-30", "19:20"),
];

function clearCookie() {
  document.cookie = "selectedTheaterId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
}
beforeEach(clearCookie);
afterEach(() => {
  clearCookie();
  jest.useRealTimers();
});

async function renderAt(day: string, time: string) {
  jest.useFakeTimers({ now: zonedTimeToUtc(day, time, ZONE), doNotFake: ["queueMicrotask", "nextTick"] });
  installSiteRuntime(runtime);
  const pageContext: TheaterPageContext = {
    ...planned,
    films: planned.films.filter((f) => f.id === LOW_ORBIT || f.id === HIGHWAY_NINE),
    showtimes: SHOWTIMES,
  };
  const props = { pageContext, location: { pathname: "/theaters/downtown/", search: "" } } as PageProps<
    object,
    TheaterPageContext
  >;
  render(<TheaterTemplate {...props} />);
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
}

const main = () => within(screen.getByRole("main"));
const programme = () => within(main().getByRole("region", { name: "Now showing at Starlight Downtown" }));
/** The times shown under a film's heading. */
const timesOf = (title: string) =>
  within(programme().getByRole("heading", { name: title }).parentElement!)
    .getAllByRole("link")
    .filter((a) => a.hasAttribute("data-perf-code"))
    .map((a) => a.querySelector("time")?.textContent);

describe("the theater page's programme at 21:45 on Saturday, after the day's last show", () => {
  beforeEach(() => renderAt("2026-11-28", "21:45"));

  it("has the film page's day strip, opening on the next day with shows (Monday)", () => {
    const strip = programme().getByRole("group", { name: "Day" });
    expect(within(strip).getByRole("radio", { name: /Mon, Nov 30/ })).toBeChecked();
    expect(within(strip).getByRole("radio", { name: /^Today.*no showtimes$/ })).toBeDisabled();
    expect(within(strip).getByRole("radio", { name: /^Tomorrow.*no showtimes$/ })).toBeDisabled();
  });

  it("lists that day's films, each with its own times, and no theater to choose", () => {
    expect(
      programme()
        .getAllByRole("heading", { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(["Low Orbit", "Highway Nine"]);
    expect(timesOf("Low Orbit")).toEqual(["1:00 PM", "7:20 PM"]);
    expect(timesOf("Highway Nine")).toEqual(["3:00 PM"]);
    expect(programme().getByRole("link", { name: "Low Orbit" })).toHaveAttribute("href", "/films/2048-low-orbit/");
    expect(programme().queryByRole("checkbox")).toBeNull();
  });
});

describe("the offer to make the theater the visitor's", () => {
  it("a visitor whose theater is another is offered it; the header keeps their choice until they press it", async () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    await renderAt("2026-11-28", "12:00");
    const picker = screen.getByRole("combobox", { name: "Choose your theater" });
    expect(picker).toHaveValue("starlight-riverside");
    const details = within(main().getByRole("region", { name: /details/i }));
    const accept = details.getByRole("button", { name: "Make this my theater" });
    expect(accept).toHaveAttribute("aria-pressed", "false");
    expect(readSelectedTheaterId()).toBe("starlight-riverside");
    expect(details.getByRole("status")).toHaveTextContent("");

    accept.focus();
    fireEvent.click(accept);
    expect(picker).toHaveValue(DOWNTOWN);
    expect(readSelectedTheaterId()).toBe(DOWNTOWN);
    expect(accept).toHaveAttribute("aria-pressed", "true");
    expect(accept).toHaveFocus();
    expect(details.getByText("Your theater")).toBeInTheDocument();
    expect(details.getByRole("status")).toHaveTextContent("Starlight Downtown is now your theater.");
  });

  it("the offer is there from the server render, so nothing moves once the visitor's choice is read", async () => {
    await renderAt("2026-11-28", "12:00");
    expect(main().getByRole("button", { name: "Make this my theater" })).toHaveAttribute("aria-pressed", "false");
    expect(readSelectedTheaterId()).toBeNull();
  });

  it("for a visitor whose theater this is, the button is pressed and says so, with nothing announced", async () => {
    document.cookie = `selectedTheaterId=${DOWNTOWN}; path=/`;
    await renderAt("2026-11-28", "12:00");
    const details = within(main().getByRole("region", { name: /details/i }));
    expect(details.getByRole("button", { name: "Make this my theater" })).toHaveAttribute("aria-pressed", "true");
    expect(details.getByText("Your theater")).toBeInTheDocument();
    expect(details.getByRole("status")).toHaveTextContent("");
  });
});
