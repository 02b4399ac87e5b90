// The film page's trailer (issue 45): a facade that loads nothing from the video host, the player in
// its place after the click, and, on a site with a consent manager, the wait for the visitor's consent.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OnInstalledSite } from "../../test/catalogue-site";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { builtRuntime } from "../../test/site-runtime";
import { forgetConsentSignal, publishConsent } from "../../tracking/consent/consent-signal";
import type { DidomiSdk } from "../../tracking/consent/didomi";
import type { PrivacyChoices } from "../../tracking/consent/privacy-choices";
import { parseTrailerUrl, type Trailer } from "../trailer";
import { TrailerFacade } from "./TrailerFacade";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const TITLE = "Orbite basse";
const YOUTUBE_URL = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const POSTER = { src: "/site-assets/posters/orbite-basse.svg", width: 400, height: 600 };

async function onSite(site: "lumiere" | "starlight", privacyChoices: PrivacyChoices | null) {
  installSiteRuntime({ ...(await builtRuntime(site)), privacyChoices });
}

function showTrailer(url = YOUTUBE_URL) {
  const trailer = parseTrailerUrl(url) as Trailer;
  return render(
    <OnInstalledSite>
      <a href="#elsewhere">Elsewhere</a>
      <TrailerFacade trailer={trailer} trailerUrl={url} title={TITLE} poster={POSTER} />
    </OnInstalledSite>,
  );
}

const playButton = () => screen.getByRole("button", { name: `Lire la bande-annonce de ${TITLE}` });
const player = () => screen.findByTitle(`Bande-annonce de ${TITLE}`);
const CONSENT_MESSAGE =
  "La bande-annonce est hébergée par YouTube, qui dépose des cookies : acceptez-les pour la lire ici.";

beforeEach(() => forgetConsentSignal());
afterEach(() => {
  delete window.Didomi;
  delete window.didomiOnReady;
});

describe("the trailer's facade", () => {
  it("shows the film's own poster and a labelled play button, and nothing of the video host", async () => {
    await onSite("lumiere", "manageCookies");
    const { container } = showTrailer();
    expect(playButton()).toBeInTheDocument();
    // The poster frame is the page's poster (decorative here: the button says what it is for).
    expect(container.querySelector("img")).toHaveAttribute("src", POSTER.src);
    expect(container.querySelector("img")).toHaveAttribute("alt", "");
    expect(container.querySelector("iframe, video")).toBeNull();
    expect(container.innerHTML).not.toMatch(/youtube|ytimg/);
  });

  it("says what it plays in English on the English-speaking site", async () => {
    await onSite("starlight", null);
    showTrailer();
    await userEvent.click(screen.getByRole("button", { name: `Play the trailer for ${TITLE}` }));
    expect(await screen.findByTitle(`Trailer for ${TITLE}`)).toBeInstanceOf(HTMLIFrameElement);
  });
});

describe("without a consent manager", () => {
  it("plays on the click, from YouTube's privacy-enhanced host, and moves focus to the player", async () => {
    await onSite("lumiere", null);
    showTrailer();
    await userEvent.click(playButton());
    const frame = await player();
    expect(frame.tagName).toBe("IFRAME");
    expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(frame).toHaveAttribute("allow", "autoplay; fullscreen; picture-in-picture");
    expect(frame).toHaveFocus();
    expect(screen.queryByRole("button", { name: /Lire la bande-annonce/ })).toBeNull();
  });

  it("is keyboard operable: Tab reaches the button, Enter or Space plays", async () => {
    await onSite("lumiere", null);
    showTrailer();
    await userEvent.tab();
    await userEvent.tab();
    expect(playButton()).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(await player()).toHaveFocus();
  });

  it("plays a Vimeo trailer with Do Not Track, and an MP4 file in the page's own player", async () => {
    await onSite("lumiere", null);
    const { unmount } = showTrailer("https://vimeo.com/76979871");
    await userEvent.click(playButton());
    expect(await player()).toHaveAttribute("src", "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1");
    unmount();

    showTrailer("https://media.example.com/trailers/orbite.mp4");
    await userEvent.click(playButton());
    const video = await screen.findByLabelText(`Bande-annonce de ${TITLE}`);
    expect(video.tagName).toBe("VIDEO");
    expect(video).toHaveAttribute("src", "https://media.example.com/trailers/orbite.mp4");
    expect(video).toHaveAttribute("controls");
  });
});

describe("with a consent manager (the French site's)", () => {
  it("plays on the click once the visitor has consented", async () => {
    await onSite("lumiere", "manageCookies");
    publishConsent(true);
    showTrailer();
    await userEvent.click(playButton());
    expect(await player()).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  });

  it("before consent, says why instead, offers the consent choices and the host's page, and loads no player", async () => {
    await onSite("lumiere", "manageCookies");
    publishConsent(false);
    const show = jest.fn();
    window.Didomi = { preferences: { show } } as unknown as DidomiSdk;
    const { container } = showTrailer();
    await userEvent.click(playButton());

    const message = await screen.findByText(CONSENT_MESSAGE);
    expect(message).toHaveFocus();
    expect(container.querySelector("iframe")).toBeNull();
    expect(screen.getByRole("link", { name: /La regarder sur YouTube/ })).toHaveAttribute("href", YOUTUBE_URL);
    await userEvent.click(screen.getByRole("button", { name: "Choisir mes cookies" }));
    expect(show).toHaveBeenCalledTimes(1);
  });

  it("plays as soon as consent arrives after the click, focus moving to the player", async () => {
    await onSite("lumiere", "manageCookies");
    showTrailer();
    await userEvent.click(playButton());
    expect(await screen.findByText(CONSENT_MESSAGE)).toHaveFocus();

    act(() => publishConsent(true));
    const frame = await player();
    expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    await waitFor(() => expect(frame).toHaveFocus());
    expect(screen.queryByText(CONSENT_MESSAGE)).toBeNull();
  });

  it("plays an MP4 file without waiting: no host's code or cookies to consent to", async () => {
    await onSite("lumiere", "manageCookies");
    publishConsent(false);
    showTrailer("https://media.example.com/trailers/orbite.mp4");
    await userEvent.click(playButton());
    expect((await screen.findByLabelText(`Bande-annonce de ${TITLE}`)).tagName).toBe("VIDEO");
  });
});
