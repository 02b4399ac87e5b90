import { itReturns } from "../test/tables";
import { parseTrailerUrl, trailerMayLoad, trailerPlayerUrl, trailerSources, type Trailer } from "./trailer";

const ID = "dQw4w9WgXcQ";

describe("a catalogue's trailer URL", () => {
  describe("a video host's page or player", () => {
    itReturns<string, Trailer | null>(parseTrailerUrl, [
      [`https://www.youtube.com/watch?v=${ID}`, { kind: "youtube", id: ID }],
      [`https://youtube.com/watch?feature=share&v=${ID}&t=42`, { kind: "youtube", id: ID }],
      [`https://m.youtube.com/watch?v=${ID}`, { kind: "youtube", id: ID }],
      [`https://WWW.YouTube.com/watch?v=${ID}`, { kind: "youtube", id: ID }],
      [`  https://youtu.be/${ID}?si=abc  `, { kind: "youtube", id: ID }],
      [`https://www.youtube.com/embed/${ID}`, { kind: "youtube", id: ID }],
      [`https://www.youtube.com/shorts/${ID}`, { kind: "youtube", id: ID }],
      [`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`, { kind: "youtube", id: ID }],
      ["https://vimeo.com/76979871", { kind: "vimeo", id: "76979871" }],
      ["https://www.vimeo.com/76979871#t=10s", { kind: "vimeo", id: "76979871" }],
      ["https://player.vimeo.com/video/76979871?h=1", { kind: "vimeo", id: "76979871" }],
      [
        "https://media.example.com/trailers/film.mp4",
        { kind: "mp4", url: "https://media.example.com/trailers/film.mp4" },
      ],
      ["https://cdn.example.org/a/B.MP4?v=2", { kind: "mp4", url: "https://cdn.example.org/a/B.MP4?v=2" }],
    ]);
  });

  describe("anything else is no trailer to play (the page keeps it a link, or the config refuses it)", () => {
    itReturns<string, Trailer | null>(parseTrailerUrl, [
      ["", null],
      ["not a url", null],
      [`javascript:alert(1)//https://www.youtube.com/watch?v=${ID}`, null],
      [`data:text/html,<script>alert(1)</script>`, null],
      [`http://www.youtube.com/watch?v=${ID}`, null],
      ["http://media.example.com/film.mp4", null],
      // Lookalike and borrowed hosts.
      [`https://youtube.com.evil.example/watch?v=${ID}`, null],
      [`https://www.youtube.com.evil.example/embed/${ID}`, null],
      [`https://evil-youtube.com/watch?v=${ID}`, null],
      [`https://notyoutu.be/${ID}`, null],
      [`https://www.youtube.com./watch?v=${ID}`, null],
      [`https://www.youtube.com@evil.example/watch?v=${ID}`, null],
      [`https://user:pass@www.youtube.com/watch?v=${ID}`, null],
      [`https://www.youtube.com:8443/watch?v=${ID}`, null],
      ["https://vimeo.com.evil.example/76979871", null],
      ["https://evil.example/player.vimeo.com/video/76979871", null],
      // Ids that are not ids: they would end up in the player's address.
      ["https://www.youtube.com/watch?v=short", null],
      [`https://www.youtube.com/watch?v=${ID}%2F..%2Fx`, null],
      [`https://www.youtube.com/embed/${ID}/extra`, null],
      ["https://www.youtube.com/embed/..%2F..%2Fevil", null],
      ["https://www.youtube.com/channel/UC123", null],
      ["https://www.youtube.com/watch", null],
      ["https://youtu.be/", null],
      ["https://vimeo.com/channels/staffpicks", null],
      ["https://vimeo.com/76979871/abcdef0123", null],
      ["https://vimeo.com/0123", null],
      ["https://player.vimeo.com/video/abc", null],
      // An MP4 on a host the policy could not name.
      ["https://a;b.example/film.mp4", null],
      ["https://a,b.example/film.mp4", null],
      ["https://[::1]/film.mp4", null],
      ["https://media.example.com/film.mp4.html", null],
      ["https://media.example.com/film.webm", null],
    ]);
  });

  it("plays from the privacy-enhanced hosts, started at once", () => {
    expect(trailerPlayerUrl({ kind: "youtube", id: ID })).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`,
    );
    expect(trailerPlayerUrl({ kind: "vimeo", id: "76979871" })).toBe(
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    );
    expect(trailerPlayerUrl({ kind: "mp4", url: "https://media.example.com/f.mp4" })).toBe(
      "https://media.example.com/f.mp4",
    );
  });

  it("needs the players it frames and the origins of its MP4 files, each once", () => {
    const trailers = [
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=aaaaaaaaaaa",
      "https://vimeo.com/1",
      "https://media.example.com/a.mp4",
      "https://media.example.com/b/c.mp4",
      "https://cdn.example.org/d.mp4",
      "https://tickets.example.com/film-page",
    ].map(parseTrailerUrl);
    expect(trailerSources(trailers)).toEqual({
      "frame-src": ["https://player.vimeo.com", "https://www.youtube-nocookie.com"],
      "media-src": ["https://cdn.example.org", "https://media.example.com"],
    });
    expect(trailerSources([null])).toEqual({ "frame-src": [], "media-src": [] });
  });
});

describe("when a click loads the player", () => {
  const youtube: Trailer = { kind: "youtube", id: ID };
  const mp4: Trailer = { kind: "mp4", url: "https://media.example.com/f.mp4" };
  it.each<[string, Trailer, boolean, boolean, boolean]>([
    ["a host's player, no consent manager", youtube, false, false, true],
    ["a host's player, consent given", youtube, true, true, true],
    ["a host's player, consent not given (yet)", youtube, true, false, false],
    ["an MP4 file, consent not given", mp4, true, false, true],
  ])("%s", (_case, trailer, manager, granted, expected) => {
    expect(trailerMayLoad(trailer, { manager, granted })).toBe(expected);
  });
});
