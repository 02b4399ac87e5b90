// Spec §4 provider overrides on the US circuit, end to end below the browser: the page's providers
// as PageShell composes them, the real lazy client, the real /api/cypher proxy and the sandbox
// provider. What reaches the sandbox is read off its HTTP server, as a real upstream would see it.
// The same in a real browser, on a built v3 variant of the circuit: e2e/circuit-v3.starlight-v3.spec.ts.
// Here, also the stored choice on a page of no theater, and the choice changed mid-session.
import { act, renderHook } from "@testing-library/react";
import type { IncomingMessage } from "node:http";
import type { ReactNode } from "react";
import { DEMO_PASSWORD, sandboxFetch, siteRuntime, withSandboxProvider } from "../../test/screen-harness";
import { normaliseLoyaltyConfig } from "../config";
import { useMemberSession } from "../session/LoyaltyProvider";
import { clearSession } from "../session/persistence";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { LoyaltyAtCurrentTheater } from "./LoyaltyAtCurrentTheater";
import { SelectedTheaterProvider, useSelectedTheater } from "./SelectedTheaterProvider";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

const sandbox = withSandboxProvider();
const received: string[] = [];
const record = (request: IncomingMessage) => received.push(request.url ?? "");
beforeAll(() => sandbox().server.on("request", record));

const realFetch = globalThis.fetch;
let circuit: SiteRuntime;
beforeAll(async () => {
  const starlight = await siteRuntime("starlight");
  // The US circuit (SL001 downtown, SL002 riverside, SL003 north) with a v3 provider of spec §4.
  const loyalty = normaliseLoyaltyConfig(
    { provider: "TAPOS", circuitId: "STARLIGHT", cinemaId: "SL001" },
    { circuitId: "STARLIGHT", currentCinemaId: "" },
  );
  circuit = { ...starlight, loyalty };
});
beforeEach(() => {
  clearSession();
  localStorage.clear();
  received.length = 0;
  document.cookie = "selectedTheaterId=starlight-north; path=/";
  globalThis.fetch = sandboxFetch;
});
afterEach(() => {
  document.cookie = "selectedTheaterId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  globalThis.fetch = realFetch;
});

async function renderPage(pageTheaterId: string | null) {
  installSiteRuntime(circuit);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SelectedTheaterProvider theaterId={pageTheaterId}>
      <LoyaltyAtCurrentTheater>{children}</LoyaltyAtCurrentTheater>
    </SelectedTheaterProvider>
  );
  const hook = renderHook(() => ({ session: useMemberSession(), theater: useSelectedTheater() }), { wrapper });
  await act(async () => undefined);
  return hook;
}

const cinemaIdsOf = (path: string) =>
  received
    .filter((url) => url.startsWith(path))
    .map((url) => new URL(url, "http://sandbox.invalid").searchParams.get("CypherCinemaId"));

it("on a theater page, the member's sign-in and sign-out carry that theater's cinema id to the provider", async () => {
  const { result } = await renderPage("starlight-riverside");
  const outcome = await act(() => result.current.session.login("active.v3@example.com", DEMO_PASSWORD));
  expect(outcome).toEqual({ ok: true });
  expect(result.current.session.status).toBe("loggedIn");
  await act(() => result.current.session.logout());
  expect(cinemaIdsOf("/Member/v3/Login")).toEqual(["SL002"]);
  expect(cinemaIdsOf("/Member/v3/Logout")).toEqual(["SL002"]);
});

it("on a page of no theater, the visitor's stored choice; after a new choice, that one", async () => {
  const { result } = await renderPage(null);
  await act(() => result.current.session.login("active.v3@example.com", DEMO_PASSWORD));
  act(() => result.current.theater.chooseTheater("starlight-downtown"));
  await act(() => result.current.session.logout());
  expect(cinemaIdsOf("/Member/v3/Login")).toEqual(["SL003"]);
  expect(cinemaIdsOf("/Member/v3/Logout")).toEqual(["SL001"]);
});
