import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { installSiteRuntime } from "../../test/gatsby-mock";
import { readSelectedTheaterId } from "./selected-theater";
import { SelectedTheaterProvider, useSelectedTheater } from "./SelectedTheaterProvider";
import { loadRuntimes } from "../../test/render-in-loyalty";

jest.mock("gatsby", () => jest.requireActual("../../test/gatsby-mock"));

let lumiere: SiteRuntime; // single location: lumiere-annecy
let starlight: SiteRuntime; // circuit: starlight-downtown, -riverside, -north
beforeAll(async () => {
  ({ lumiere, starlight } = await loadRuntimes());
});

function clearCookie() {
  document.cookie = "selectedTheaterId=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
}
beforeEach(clearCookie);
afterEach(clearCookie);

function render(runtime: SiteRuntime, theaterId: string | null) {
  installSiteRuntime(runtime);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SelectedTheaterProvider theaterId={theaterId}>{children}</SelectedTheaterProvider>
  );
  return renderHook(() => useSelectedTheater(), { wrapper });
}

function CurrentName() {
  const { currentTheater, selectedTheaterId } = useSelectedTheater();
  return <p>{`${currentTheater?.id ?? "none"}|${selectedTheaterId ?? "none"}`}</p>;
}

/** What the server renders for this page theater: "current|selected" (CurrentName). */
function serverRender(runtime: SiteRuntime, theaterId: string | null): string {
  installSiteRuntime(runtime);
  return renderToString(
    <SelectedTheaterProvider theaterId={theaterId}>
      <CurrentName />
    </SelectedTheaterProvider>,
  );
}

it("useSelectedTheater throws outside its provider", () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  expect(() => renderHook(() => useSelectedTheater())).toThrow(
    "useSelectedTheater must be used inside <SelectedTheaterProvider>",
  );
  jest.restoreAllMocks();
});

describe("on a circuit site", () => {
  it("the server render ignores the cookie; the client reads it after mount", () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    expect(serverRender(starlight, null)).toContain("none|none");
    const { result } = render(starlight, null);
    expect(result.current.selectedTheaterId).toBe("starlight-riverside");
    expect(result.current.currentTheater?.id).toBe("starlight-riverside");
  });

  it("the page's theater wins over the stored choice", () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    const { result } = render(starlight, "starlight-north");
    expect(result.current.currentTheater?.id).toBe("starlight-north");
    expect(result.current.selectedTheaterId).toBe("starlight-riverside");
  });

  it("the page's theater is known in the server render already", () => {
    expect(serverRender(starlight, "starlight-north")).toContain("starlight-north|none");
  });

  it("no page theater and no choice: none", () => {
    const { result } = render(starlight, null);
    expect(result.current).toMatchObject({ currentTheater: null, selectedTheaterId: null });
  });

  it("choosing a theater updates the state and the cookie", () => {
    const { result } = render(starlight, null);
    act(() => result.current.chooseTheater("starlight-downtown"));
    expect(result.current.selectedTheaterId).toBe("starlight-downtown");
    expect(result.current.currentTheater).toMatchObject({ id: "starlight-downtown", name: expect.any(String) });
    expect(readSelectedTheaterId()).toBe("starlight-downtown");
  });

  it("a stored id the site does not have resolves to none", () => {
    document.cookie = "selectedTheaterId=closed-theater; path=/";
    const { result } = render(starlight, null);
    expect(result.current).toMatchObject({ currentTheater: null, selectedTheaterId: "closed-theater" });
  });
});

describe("on a single-location site", () => {
  it("the current theater is always the one theater, server render included", () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    expect(serverRender(lumiere, null)).toContain("lumiere-annecy|none");
    const { result } = render(lumiere, null);
    expect(result.current.currentTheater?.id).toBe("lumiere-annecy");
  });
});
