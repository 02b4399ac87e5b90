import { captchaSiteKeyFor, isEmbeddedWindow } from "./captcha-key";
import { itReturnsPerCase } from "../../test/tables";

// Spec §5: "The captcha site key can be changed per page, except when the page is opened in a popup or an iframe."
describe("captchaSiteKeyFor", () => {
  itReturnsPerCase(captchaSiteKeyFor, [
    ["no key anywhere: no captcha", { deployKey: "", keyInUse: null, embedded: false }, ""],
    ["the deploy's key", { deployKey: "deploy-key", keyInUse: null, embedded: false }, "deploy-key"],
    [
      "a page's own key replaces the deploy's",
      { deployKey: "deploy-key", pageKey: "page-key", keyInUse: "deploy-key", embedded: false },
      "page-key",
    ],
    [
      "a page without one goes back to the deploy's",
      { deployKey: "deploy-key", pageKey: null, keyInUse: "page-key", embedded: false },
      "deploy-key",
    ],
    [
      "a page key works without a deploy key",
      { deployKey: "", pageKey: "page-key", keyInUse: null, embedded: false },
      "page-key",
    ],
    [
      "a blank page key is no key",
      { deployKey: "deploy-key", pageKey: "  ", keyInUse: null, embedded: false },
      "deploy-key",
    ],
    [
      "in a popup or frame the first key stays",
      { deployKey: "deploy-key", pageKey: "page-key", keyInUse: "deploy-key", embedded: true },
      "deploy-key",
    ],
    [
      "in a popup or frame the first page may still bring its key",
      { deployKey: "deploy-key", pageKey: "page-key", keyInUse: null, embedded: true },
      "page-key",
    ],
  ]);
});

describe("isEmbeddedWindow", () => {
  const windowLike = (props: { opener?: unknown; parentIsSelf?: boolean; throws?: boolean }): Window => {
    const win = { opener: props.opener ?? null } as { opener: unknown; parent?: unknown };
    if (props.throws)
      Object.defineProperty(win, "parent", {
        get: () => {
          throw new Error("cross-origin");
        },
      });
    else win.parent = props.parentIsSelf === false ? {} : win;
    return win as unknown as Window;
  };
  it.each([
    ["a top-level tab", { parentIsSelf: true }, false],
    ["a popup (has an opener)", { opener: {}, parentIsSelf: true }, true],
    ["an iframe (parent is another window)", { parentIsSelf: false }, true],
    ["a frame whose parent cannot be read", { throws: true }, true],
  ])("%s", (_name, props, expected) => {
    expect(isEmbeddedWindow(windowLike(props))).toBe(expected);
  });
});
