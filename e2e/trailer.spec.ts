import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";
import { axeViolations } from "./fixtures/axe";
import type { FilmPage } from "./fixtures/pages";
import { filmPathOf } from "./fixtures/site-data";

// Issue 45: a film page plays its trailer in place, behind a facade that loads nothing from the
// video host until the click; on the French site, whose consent manager applies the GDPR, the
// player waits for the visitor's consent. The video hosts are unreachable here: their player page
// is a stub the browser is given for any request to them, and every such request is recorded.
const LES_OMBRES_DU_LAC = 1000021001;
const VIDEO_HOSTS = /^https:\/\/([^/]+\.)?(youtube-nocookie\.com|youtube\.com|ytimg\.com|vimeo\.com|vimeocdn\.com)\//;

async function recordVideoHostRequests(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(VIDEO_HOSTS, async (route) => {
    requests.push(route.request());
    await route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>playing</p>" });
  });
  return requests;
}

/** Les Ombres du lac's page, hydrated, its video-host requests recorded; and the trailer's play button. */
async function openWithTrailer(film: FilmPage) {
  const requests = await recordVideoHostRequests(film.page);
  await film.open(filmPathOf(LES_OMBRES_DU_LAC));
  await film.hydrated();
  const play = film.article.getByRole("button", { name: "Lire la bande-annonce de Les Ombres du lac" });
  return { requests, play };
}

test.describe("a visitor who refused the cookies", () => {
  // The fixtures' default visitor answered the consent notice with "disagree".
  test("sees the facade, and after the click is told why the player waits, with a link to the host", async ({
    film,
    page,
  }) => {
    const { requests, play } = await openWithTrailer(film);
    await expect(play).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await play.focus();
    await page.keyboard.press("Enter");
    const trailer = film.article.getByRole("region", { name: "Bande-annonce" });
    await expect(trailer).toContainText(
      "La bande-annonce est hébergée par YouTube, qui dépose des cookies : acceptez-les pour la lire ici.",
    );
    await expect(trailer.getByRole("button", { name: "Choisir mes cookies" })).toBeVisible();
    await expect(trailer.getByRole("link", { name: "La regarder sur YouTube" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.youtube\.com\/watch\?v=sampleLum01/,
    );
    await expect(film.article.locator("iframe")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(requests.map((r) => r.url())).toEqual([]);
  });
});

test.describe("a visitor who accepted the cookies", () => {
  test.use({ consentAnswer: "agree" });

  test("nothing comes from the video host before the click; the click plays it in place, from youtube-nocookie.com", async ({
    film,
    page,
  }) => {
    const { requests, play } = await openWithTrailer(film);
    const box = await play.boundingBox();
    expect(requests.map((r) => r.url())).toEqual([]);

    await play.click();
    const player = film.article.locator('iframe[title="Bande-annonce de Les Ombres du lac"]');
    await expect(player).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/sampleLum01?autoplay=1");
    await expect(player).toBeFocused();
    await expect(
      page.frameLocator('iframe[title="Bande-annonce de Les Ombres du lac"]').getByText("playing"),
    ).toBeVisible();
    expect(requests.map((r) => new URL(r.url()).host)).toEqual(["www.youtube-nocookie.com"]);
    // In the facade's place, the same 16:9 box: nothing below moves.
    const playerBox = await player.boundingBox();
    expect(playerBox && box && Math.abs(playerBox.y - box.y) <= box.height).toBe(true);
    expect(playerBox!.width / playerBox!.height).toBeCloseTo(16 / 9, 1);
  });
});
