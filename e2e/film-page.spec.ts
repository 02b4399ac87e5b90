import { expect, PHONE_VIEWPORT, test } from "./fixtures";
import { versionOf } from "../src/catalogue/schedule";
import {
  BADGE_LABELS,
  escapeRegExp,
  filmIndex,
  filmPageData,
  filmPathOf,
  programmeMorning,
  releaseDateText,
  runtimeText,
  builtServerSettings,
  FEATURE_LABELS,
  type Showtime,
  VERSION_LABELS,
} from "./fixtures/site-data";

const LES_OMBRES_DU_LAC = 1000021001;
const ORBITE_BASSE = 1000021002;

/** The booking URL of one performance: ticketing host, theater LUM01, then the perf code (whole string). */
function bookingUrlPattern(filmId: number, localDate: string): RegExp {
  const ticketing = escapeRegExp(builtServerSettings().ticketingUrl);
  return new RegExp(
    `^${ticketing}/websales/sales/LUM01/book\\?perfcode=LUM01-${localDate.replaceAll("-", "")}-\\d{4}-${filmId}(?:-[A-Za-z0-9]+)?$`,
  );
}

test.describe("film page", () => {
  test("shows the poster, synopsis and facts from the film's data", async ({ film }) => {
    const path = filmPathOf(LES_OMBRES_DU_LAC);
    const { film: data } = filmPageData(path);
    await film.open(path);

    await expect(film.heading).toHaveText(data.title);
    await film.expectDocumentBasics(data.title);

    await expect(film.poster).toHaveAccessibleName(`Affiche de ${data.title}`);
    await expect(film.poster).toHaveAttribute("src", data.poster!.src);
    await expect(film.poster).toHaveAttribute("width", String(data.poster!.width));
    await expect(film.poster).toHaveAttribute("height", String(data.poster!.height));

    await expect(film.synopsis.getByRole("heading", { level: 2 })).toHaveText("Synopsis");
    await expect(film.synopsis.getByRole("paragraph")).toHaveText(data.synopsis);

    await expect(film.fact("Date de sortie")).toHaveText(releaseDateText(data.releaseDate!));
    await expect(film.fact("Durée")).toHaveText(runtimeText(data.runtimeMinutes!));
    await expect(film.fact("Genres")).toHaveText(data.genres.join(", "));
    await expect(film.fact("Réalisé par")).toHaveText(data.directors.join(", "));
    await expect(film.fact("Avec")).toHaveText(data.cast.join(", "));
  });

  test.describe("layout stability", () => {
    // One column, poster first: a poster without a reserved box would push everything below it.
    test.use({ viewport: PHONE_VIEWPORT });
    // Shows that start while the page loads leave it (issue 17), a shift these tests do not measure.
    test.beforeEach(async ({ page }) => page.clock.setFixedTime(programmeMorning()));

    test("the poster's box is reserved: no layout shift when it arrives after the page is laid out", async ({
      film,
      consoleGuard,
    }) => {
      const path = filmPathOf(LES_OMBRES_DU_LAC);
      const { poster } = filmPageData(path).film;
      // Web fonts stay out of this test (the fallback font renders throughout): their swap is a
      // separate matter, covered by the next test.
      consoleGuard.expectFailedResponse(/\/fonts\/[^/]+\.woff2$/, { reason: "fonts blocked to isolate the poster" });
      await film.page.route(/\/fonts\/[^/]+\.woff2$/, (route) => route.abort());
      const posterRequests = await film.holdRequests(`**${poster!.src}`);
      await film.trackLayoutShifts();

      await film.goto(path, { waitUntil: "domcontentloaded" });
      await expect(film.heading).toBeVisible();
      // The title below the poster is on screen, so a poster arriving without its box would move it.
      await expect(film.heading).toBeInViewport();
      await film.hydrated();

      // Before the image has arrived, its box already has the poster's size and proportions.
      await expect(film.poster).toHaveAttribute("width", String(poster!.width));
      await expect(film.poster).toHaveAttribute("height", String(poster!.height));
      expect(await film.poster.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
      const before = await film.poster.boundingBox();
      expect(before).not.toBeNull();
      expect(before!.height / before!.width).toBeCloseTo(poster!.height / poster!.width, 2);
      const headingBefore = await film.heading.boundingBox();

      posterRequests.release();
      await expect
        .poll(() => film.poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const cls = await film.settledLayoutShift();
      expect(cls.total, `layout shifts: ${JSON.stringify(cls.shifts)}`).toBe(0);
      expect(await film.poster.boundingBox()).toEqual(before);
      expect(await film.heading.boundingBox()).toEqual(headingBefore);
    });

    test("web fonts do not shift the layout when they arrive after first paint", async ({ film }) => {
      const path = filmPathOf(LES_OMBRES_DU_LAC);
      const fonts = await film.holdRequests(/\/fonts\/[^/]+\.woff2$/);
      await film.trackLayoutShifts();
      await film.goto(path, { waitUntil: "domcontentloaded" });
      await expect(film.heading).toBeVisible();
      await film.hydrated();
      fonts.release();
      await film.page.waitForLoadState("load");
      await film.page.evaluate(() => document.fonts.ready);
      const cls = await film.settledLayoutShift();
      expect(cls.total, `layout shifts: ${JSON.stringify(cls.shifts)}`).toBe(0);
    });
  });

  // Showtimes by day, by the clock, with the keyboard and without JavaScript: e2e/programme.spec.ts.
  test("the showtimes section lists booking links to the ticketing service", async ({ film, page }) => {
    const path = filmPathOf(LES_OMBRES_DU_LAC);
    const { showtimes } = filmPageData(path);
    // Mid-morning of the build's first day: a real clock late at night would leave no show today.
    await page.clock.setFixedTime(new Date(showtimes[0]!.startsAt).getTime() - 3_600_000);
    await film.open(path);
    await film.hydrated();
    await expect(film.showtimes.getByRole("heading", { level: 2 })).toHaveText("Séances");
    const links = film.bookingLinks;
    await expect(links.first()).toBeVisible();
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(
        bookingUrlPattern(
          LES_OMBRES_DU_LAC,
          href!
            .match(/LUM01-(\d{4})(\d{2})(\d{2})/)!
            .slice(1)
            .join("-"),
        ),
      );
      expect(showtimes.map((s) => s.bookingUrl)).toContain(href);
    }
  });

  test("Orbite basse lists its versions: VO and VF, as its times say them", async ({ film }) => {
    const path = filmPathOf(ORBITE_BASSE);
    const { showtimes } = filmPageData(path);
    const attributes = new Set(showtimes.flatMap((s) => s.attributes));
    expect([...attributes].sort()).toEqual(["Format.Sound.Dubbed", "Localization.Version.Original"]);
    await film.open(path);

    await expect(film.heading).toHaveText("Orbite basse");
    await expect(film.version("VO")).toBeVisible();
    await expect(film.version("VF")).toBeVisible();
    await expect(film.version("VOST")).toHaveCount(0);
  });
});

test.describe("release badges follow the film's data", () => {
  // releaseFlags are computed at build time from the build date: read them from the built page
  // data rather than assuming what today is.
  for (const [id, path] of Object.entries(filmIndex())) {
    test(`film ${id}`, async ({ film }) => {
      const { film: data, showtimes } = filmPageData(path);
      await film.open(path);
      await expect(film.heading).toHaveText(data.title);

      for (const [flag, label] of Object.entries(BADGE_LABELS)) {
        const expected = data.releaseFlags.includes(flag as keyof typeof BADGE_LABELS) ? 1 : 0;
        await expect(film.badge(label), `${flag} badge on ${data.title}`).toHaveCount(expected);
      }
      // Versions: each version its showtimes play in, once (a VOST show is no "VO"), then the other
      // attributes they carry; subtitles in the site's language only where no VOST says them.
      for (const [version, label] of Object.entries(VERSION_LABELS)) {
        const expected = showtimes.some((s) => versionOf(s.attributes) === version) ? 1 : 0;
        await expect(film.version(label), `${label} on ${data.title}`).toHaveCount(expected);
      }
      for (const [key, label] of Object.entries(FEATURE_LABELS)) {
        const said = (s: Showtime) =>
          s.attributes.includes(key as Showtime["attributes"][number]) &&
          !(key === "Localization.Subtitles" && versionOf(s.attributes) === "subtitled");
        await expect(film.version(label), `${label} on ${data.title}`).toHaveCount(showtimes.some(said) ? 1 : 0);
      }
    });
  }
});
