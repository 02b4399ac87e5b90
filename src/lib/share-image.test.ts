import { filmShareImage, SHARE_IMAGE_SIZE, siteShareImage } from "./share-image";

describe("filmShareImage: the picture a film page's link preview shows", () => {
  it.each([
    [
      "a poster of the site's assets: the picture drawn from it at build",
      { src: "/site-assets/posters/1000021001.svg" },
      { src: "/share-images/assets/posters/1000021001.svg.jpg", size: SHARE_IMAGE_SIZE },
    ],
    [
      "a remote poster: used as it is, its size unknown",
      { src: "https://images.example.com/p/7.jpg" },
      { src: "https://images.example.com/p/7.jpg", size: null },
    ],
    ["no poster: none (the page shows the site's)", null, null],
  ])("%s", (_, poster, expected) => {
    expect(filmShareImage({ id: 7, poster })).toEqual(expected);
  });
});

describe("siteShareImage: every other page's", () => {
  it.each([
    ["/site-assets/logo.svg", { src: "/share-images/site.jpg", size: SHARE_IMAGE_SIZE }],
    ["https://cdn.example.com/logo.png", { src: "https://cdn.example.com/logo.png", size: null }],
  ])("logo %s", (logo, expected) => {
    expect(siteShareImage(logo)).toEqual(expected);
  });
});
