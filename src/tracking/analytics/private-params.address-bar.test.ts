/** @jest-environment jsdom */
// Issue 44: the private parameters leave the address bar as the page starts (gatsby-browser.tsx
// onClientEntry), and the page's history entry keeps what the screens need of them.
import { PLANTED, PLANTED_ADDRESSES } from "../../test/planted-secrets";
import { OPENED_QUERY_STATE, openedQuery, takePrivateParams, type ReplaceEntry } from "./private-params";

const ORIGIN = window.location.origin;

/** Opens `address` in this document's history entry, with `state`. */
function open(address: string, state: unknown = null): void {
  window.history.replaceState(state, "", address.replace(/^https:\/\/www\.example\.com/, ""));
}

/** The router's replacing navigation, as reach-router does it (its state gets a key). */
const routerReplace: ReplaceEntry = (url, { state }) =>
  window.history.replaceState({ ...state, key: "by-router" }, "", url);

afterEach(() => open("/"));

describe("takePrivateParams: the address bar as the page starts", () => {
  it.each(PLANTED_ADDRESSES)("%s", (_case, address, kept) => {
    open(address);
    const opened = window.location.search;
    takePrivateParams(routerReplace);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      kept.replace(/^https:\/\/www\.example\.com/, ""),
    );
    // What the screens read: the query the page was opened with, private parameters included.
    expect(openedQuery()).toBe(opened);
    expect(window.history.state).toEqual({ [OPENED_QUERY_STATE]: opened, key: "by-router" });
  });

  it("an address with nothing private is not touched, and the entry keeps its state", () => {
    open("/films/?utm_source=mail&q=train#seances", { key: "k1" });
    const replace = jest.fn<ReturnType<ReplaceEntry>, Parameters<ReplaceEntry>>();
    takePrivateParams(replace);
    expect(replace).not.toHaveBeenCalled();
    expect(window.location.href).toBe(`${ORIGIN}/films/?utm_source=mail&q=train#seances`);
    expect(openedQuery()).toBe("?utm_source=mail&q=train");
  });

  it("hands the router the cleaned address and the entry's state with the opened query (a replace)", () => {
    open(`/films/?token=${PLANTED.token}&utm_source=pos`, { key: "k1", fromGatsby: true });
    const replace = jest.fn<ReturnType<ReplaceEntry>, Parameters<ReplaceEntry>>();
    takePrivateParams(replace);
    expect(replace.mock.calls).toEqual([
      [
        `${ORIGIN}/films/?utm_source=pos`,
        {
          replace: true,
          state: { key: "k1", fromGatsby: true, [OPENED_QUERY_STATE]: `?token=${PLANTED.token}&utm_source=pos` },
        },
      ],
    ]);
  });
});

describe("openedQuery: what the reset screen and the token hand-over read", () => {
  it("after a reload of the cleaned entry: the entry still has the opened query", () => {
    open(`/account/reset-password/?resetCode=${PLANTED.resetCode}`);
    takePrivateParams(routerReplace);
    // A reload keeps the entry's address (cleaned) and its state; the page starts again.
    const { state } = window.history;
    open(`${window.location.pathname}${window.location.search}`, state);
    takePrivateParams(routerReplace);
    expect(window.location.search).toBe("");
    expect(new URLSearchParams(openedQuery()).get("resetCode")).toBe(PLANTED.resetCode);
  });

  it("on a new entry (a navigation): that entry's own query, nothing of the page before", () => {
    open(`/films/?token=${PLANTED.token}`);
    takePrivateParams(routerReplace);
    window.history.pushState({ key: "next" }, "", "/films/2051-night-train/?utm_source=pos");
    expect(openedQuery()).toBe("?utm_source=pos");
  });
});
