import { chunkLoadError } from "../test/chunk-load";
import { startFailureAction, type StartFailure, type StartFailureAction } from "./page-failure";

// The messages Gatsby 5's start-up rejects with (cache-dir/production-app.js, webpack's chunk loader).
const resourcesFailed = new Error(
  "page resources for /films/1000021006-la-derniere-cordee/ not found. Not rendering React",
);
const chunkFailed = chunkLoadError(216, "http://x/216-abc.js");

const onFilmPage: StartFailure = {
  reason: resourcesFailed,
  rendered: false,
  pathname: "/films/1000021006-la-derniere-cordee/",
  pagePath: "/films/1000021006-la-derniere-cordee/",
  online: true,
};

describe("spec §8: a page whose resources fail to load falls back to the 500 page", () => {
  it.each<[string, Partial<StartFailure>, StartFailureAction]>([
    ["its page data did not load", {}, "leave"],
    ["its template's chunk did not load", { reason: chunkFailed }, "leave"],
    [
      "a client-side route (matchPath) failed the same way",
      { pathname: "/account/favourites/", pagePath: "/account/" },
      "leave",
    ],
    ["the site already rendered: a later rejection is not the page failing", { rendered: true }, "ignore"],
    ["the 500 page itself failed: it stays, no loop", { pathname: "/500/", pagePath: "/500/" }, "stay"],
    ["the 500 page as /500.html failed: it stays", { pathname: "/500.html", pagePath: "/500.html" }, "stay"],
    ["the server answered an error with the 500 page's HTML", { pagePath: "/500.html" }, "stay"],
    ["offline: the offline worker answers, not the 500 page", { online: false }, "ignore"],
    ["some other promise was rejected", { reason: new Error("favourites: network down") }, "ignore"],
    ["a rejection without an Error", { reason: "page resources for / not found. Not rendering React" }, "ignore"],
    ["a rejection with nothing", { reason: undefined }, "ignore"],
  ])("%s", (_case, change, expected) => {
    expect(startFailureAction({ ...onFilmPage, ...change })).toBe(expected);
  });
});
