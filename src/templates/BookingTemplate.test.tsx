// The booking route (spec §2 internal booking route, 'tapos_embedded' mode) as a visitor or a
// point-of-sale host opens it: whatever its address, the page ends on something to read and a way
// back to the film list, never on "Loading".
import { render, screen, waitFor, within } from "@testing-library/react";
import type { PageProps } from "gatsby";
import { renderToString } from "react-dom/server";
import { CurrentLocationProvider } from "../links/LinkEnvironment";
import { buildPageContext, type PageContext } from "../runtime/page-context";
import type { SiteRuntime } from "../runtime/site-runtime";
import { installSiteRuntime } from "../test/gatsby-mock";
import { loadRuntimes } from "../test/render-in-loyalty";
import { bookingKey, type PerformanceIndex } from "../site/booking-key";
import BookingTemplate from "./BookingTemplate";
import type { BookingContext } from "../site/contexts";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

let runtimes: { lumiere: SiteRuntime; starlight: SiteRuntime };
beforeAll(async () => {
  runtimes = await loadRuntimes();
});

const PERF_CODE = "SL001-20261123-1300-2048";
const SUBTITLED_PERF_CODE = "SL001-20261204-1700-2053";
/** The one shard of the published index (performanceShards: 1): two performances, one in a version. */
const SHARD: PerformanceIndex = {
  [bookingKey("SL001", PERF_CODE)]: {
    filmTitle: "Low Orbit",
    filmPath: "/films/2048-low-orbit/",
    startsAt: "2026-11-23T19:00:00.000Z",
    localDate: "2026-11-23",
    timeZone: "America/Chicago",
    theaterName: "Starlight Downtown",
    screen: null,
  },
  [bookingKey("SL001", SUBTITLED_PERF_CODE)]: {
    filmTitle: "The Last Rope",
    filmPath: "/films/2053-the-last-rope/",
    startsAt: "2026-12-04T23:00:00.000Z",
    localDate: "2026-12-04",
    timeZone: "America/Chicago",
    theaterName: "Starlight Downtown",
    screen: null,
    version: "subtitled",
  },
};

const realFetch = globalThis.fetch;
let fetched: string[];
beforeEach(() => {
  fetched = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL) => {
    fetched.push(String(url));
    return { ok: true, status: 200, json: async () => SHARD } as Response;
  });
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

function BookingPage({ site, search }: { site: "lumiere" | "starlight"; search: string }) {
  const runtime = runtimes[site];
  installSiteRuntime(runtime);
  const pageContext: PageContext & BookingContext = {
    ...buildPageContext({ runtime, theaters: [] }, { pagePath: "/booking/", templateName: "booking" }),
    performanceShards: 1,
  };
  const props = { pageContext } as PageProps<object, PageContext & BookingContext>;
  // As wrapPageElement wraps every page: the query is read once the page has hydrated.
  return (
    <CurrentLocationProvider location={{ pathname: "/booking/", search }}>
      <BookingTemplate {...props} />
    </CurrentLocationProvider>
  );
}

const TEXTS = {
  lumiere: {
    loading: "Chargement",
    invalid:
      "Ce lien de réservation est incomplet ou invalide : il ne précise pas quelle séance réserver. Choisissez une séance dans la liste des films.",
    notFound: "Cette séance est introuvable. Elle a peut-être déjà commencé ou été retirée du programme.",
    allFilms: "Tous les films",
    when: { plain: "lundi 23 novembre, 13:00", subtitled: "vendredi 4 décembre, 17:00 en VOST" },
  },
  starlight: {
    loading: "Loading",
    invalid:
      "This booking link is incomplete or invalid: it does not say which performance to book. Choose a showtime from the movie list.",
    notFound: "This performance cannot be found. It may have started or been removed from the programme.",
    allFilms: "All movies",
    when: {
      plain: "Monday, November 23, 1:00 PM",
      subtitled: "Friday, December 4, 5:00 PM (Original with subtitles)",
    },
  },
} as const;

describe.each(["lumiere", "starlight"] as const)("the booking route on %s", (site) => {
  const texts = TEXTS[site];

  it.each([
    ["no address at all", ""],
    ["only a theater code", "?theaterCode=SL001"],
    ["only a performance code", `?perfCode=${PERF_CODE}`],
    ["an empty theater code", `?theaterCode=&perfCode=${PERF_CODE}`],
    ["a code no performance can have", "?theaterCode=SL001&perfCode=%3Cscript%3E"],
    ["only the embedding flag", "?embeddingMode=tapos_embedded"],
  ])(
    "%s: says the link names no performance, leads back to the film list, and looks nothing up",
    async (_case, search) => {
      render(<BookingPage site={site} search={search} />);
      const main = screen.getByRole("main");
      expect(await within(main).findByRole("alert")).toHaveTextContent(texts.invalid);
      expect(within(main).queryByRole("status")).not.toBeInTheDocument();
      expect(within(main).getByRole("link", { name: texts.allFilms })).toHaveAttribute("href", "/films/");
      expect(fetched).toEqual([]);
    },
  );

  it("a performance the index does not hold: says it cannot be found, and leads back to the film list", async () => {
    render(<BookingPage site={site} search="?theaterCode=SL001&perfCode=SL001-19990101-1400-1" />);
    const main = screen.getByRole("main");
    expect(await within(main).findByRole("alert")).toHaveTextContent(texts.notFound);
    expect(within(main).queryByRole("status")).not.toBeInTheDocument();
    expect(within(main).getByRole("link", { name: texts.allFilms })).toHaveAttribute("href", "/films/");
    expect(fetched).toEqual(["/booking-index/0.json"]);
  });

  it("a performance it holds: names it, and nothing is said to be wrong", async () => {
    render(<BookingPage site={site} search={`?theaterCode=SL001&perfCode=${PERF_CODE}`} />);
    const main = screen.getByRole("main");
    expect(await within(main).findByRole("link", { name: "Low Orbit" })).toHaveAttribute(
      "href",
      "/films/2048-low-orbit/",
    );
    await waitFor(() => expect(within(main).queryByRole("status")).not.toBeInTheDocument());
    expect(within(main).queryByRole("alert")).not.toBeInTheDocument();
  });

  // Issue 45: VF / VO / VOST beside the time, outside the <time> (its datetime is the instant alone).
  it.each([
    ["in the film's own language: the day and time alone", PERF_CODE, "Low Orbit", "plain"],
    ["in a version: the day and time, then the version", SUBTITLED_PERF_CODE, "The Last Rope", "subtitled"],
  ] as const)("a performance %s", async (_case, perfCode, title, when) => {
    const errors = jest.spyOn(console, "error");
    render(<BookingPage site={site} search={`?theaterCode=SL001&perfCode=${perfCode}`} />);
    const main = screen.getByRole("main");
    await within(main).findByRole("link", { name: title });
    const time = main.querySelector("time")!;
    // en-US times have a narrow no-break space before PM.
    expect(time.parentElement!.textContent!.replace(/\s/g, " ")).toBe(texts.when[when]);
    expect(texts.when[when].startsWith(time.textContent!.replace(/\s/g, " "))).toBe(true);
    expect(time).not.toHaveTextContent(/VOST|subtitles/);
    // The message's parts are keyed: React has nothing to warn about.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("before the page has read its address (the server's HTML), it is loading, not wrong", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<BookingPage site={site} search="" />);
    const main = within(container.querySelector("main")!);
    expect(main.getByRole("status")).toHaveTextContent(texts.loading);
    expect(main.queryByRole("alert")).not.toBeInTheDocument();
  });
});
