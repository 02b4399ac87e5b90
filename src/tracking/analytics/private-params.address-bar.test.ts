/** @jest-environment jsdom */
// Issue 44: the private parameters leave the address bar as the page starts (the head's first
// script, address-bar-script.ts), and the page's history entry keeps what the screens need of them.
import { PLANTED, PLANTED_ADDRESSES } from "../../test/planted-secrets";
import { startPageAsTheHeadDoes } from "../../test/address-bar";
import { OPENED_QUERY_STATE, openedQuery, withoutPrivateParams } from "./private-params";

const ORIGIN = window.location.origin;
const local = (address: string) => address.replace(/^https:\/\/www\.example\.com/, "");

/** Opens `address` in this document's history entry, with `state`. */
function open(address: string, state: unknown = null): void {
  window.history.replaceState(state, "", local(address));
}
const addressBar = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

afterEach(() => open("/"));

describe("the head's address-bar script, as the page starts", () => {
  it.each(PLANTED_ADDRESSES)("%s", (_case, address, kept) => {
    open(address);
    const opened = window.location.search;
    startPageAsTheHeadDoes();
    expect(addressBar()).toBe(local(kept));
    // What the screens read: the query the page was opened with, private parameters included.
    expect(openedQuery()).toBe(opened);
    expect(window.history.state).toEqual({ [OPENED_QUERY_STATE]: opened });
  });

  // One list, two implementations (the inline script and the vendor payloads' scrubbing): the
  // same addresses give the same result.
  it.each([
    ...PLANTED_ADDRESSES.map(([, address]) => address),
    "/films/?utm_source=mail&q=train#seances",
    "/films/?token",
    "/films/?&&token=x&&a=1&",
    "/films/?to%6Ben=x&a=%ZZ&%ZZ=1",
    "/films/?token+=x&a+b=1",
    "/films/?",
    "/films/#?token=x",
  ])("does to %s what withoutPrivateParams does", (address) => {
    open(address);
    const expected = withoutPrivateParams(window.location.href);
    startPageAsTheHeadDoes();
    expect(window.location.href).toBe(expected);
  });

  it("an address with nothing private is not touched, and the entry keeps its state", () => {
    open("/films/?utm_source=mail&q=train#seances", { key: "k1" });
    startPageAsTheHeadDoes();
    expect(window.location.href).toBe(`${ORIGIN}/films/?utm_source=mail&q=train#seances`);
    expect(window.history.state).toEqual({ key: "k1" });
    expect(openedQuery()).toBe("?utm_source=mail&q=train");
  });

  it("keeps the entry's state beside the opened query", () => {
    open(`/films/?token=${PLANTED.token}&utm_source=pos`, { key: "k1" });
    startPageAsTheHeadDoes();
    expect(window.history.state).toEqual({ key: "k1", [OPENED_QUERY_STATE]: `?token=${PLANTED.token}&utm_source=pos` });
  });

  it("takes a site's own ticketing token parameter too (settings.loyalty.tokenParam), whatever its case", () => {
    open(`/films/?memberKey=${PLANTED.token}&utm_source=pos`);
    startPageAsTheHeadDoes(["memberKey"]);
    expect(addressBar()).toBe("/films/?utm_source=pos");
    expect(new URLSearchParams(openedQuery()).get("memberKey")).toBe(PLANTED.token);
  });
});

describe("openedQuery: what the reset screen and the token hand-over read", () => {
  it("after a reload of the cleaned entry: the entry still has the opened query", () => {
    open(`/account/reset-password/?resetCode=${PLANTED.resetCode}`);
    startPageAsTheHeadDoes();
    // A reload keeps the entry's address (cleaned) and its state; the page starts again.
    const { state } = window.history;
    open(`${window.location.pathname}${window.location.search}`, state);
    startPageAsTheHeadDoes();
    expect(window.location.search).toBe("");
    expect(new URLSearchParams(openedQuery()).get("resetCode")).toBe(PLANTED.resetCode);
  });

  it("on a new entry (a navigation): that entry's own query, nothing of the page before", () => {
    open(`/films/?token=${PLANTED.token}`);
    startPageAsTheHeadDoes();
    window.history.pushState({ key: "next" }, "", "/films/2051-night-train/?utm_source=pos");
    expect(openedQuery()).toBe("?utm_source=pos");
  });
});
