import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { SiteRuntime } from "../site/model";
import { installSiteRuntime } from "../test/gatsby-mock";
import { readSelectedTheatreId } from "./selected-theatre";
import { SelectedTheatreProvider, useSelectedTheatre } from "./SelectedTheatreProvider";
import { loadRuntimes } from "../test/render-in-loyalty";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));

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
    <SelectedTheatreProvider theaterId={theaterId}>{children}</SelectedTheatreProvider>
  );
  return renderHook(() => useSelectedTheatre(), { wrapper });
}

function CurrentName() {
  const { currentTheatre, selectedTheatreId } = useSelectedTheatre();
  return <p>{`${currentTheatre?.id ?? "none"}|${selectedTheatreId ?? "none"}`}</p>;
}

it("useSelectedTheatre throws outside its provider", () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  expect(() => renderHook(() => useSelectedTheatre())).toThrow(
    "useSelectedTheatre must be used inside <SelectedTheatreProvider>",
  );
  jest.restoreAllMocks();
});

describe("on a circuit site", () => {
  it("the server render ignores the cookie; the client reads it after mount", () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    installSiteRuntime(starlight);
    expect(
      renderToString(
        <SelectedTheatreProvider theaterId={null}>
          <CurrentName />
        </SelectedTheatreProvider>,
      ),
    ).toContain("none|none");
    const { result } = render(starlight, null);
    expect(result.current.selectedTheatreId).toBe("starlight-riverside");
    expect(result.current.currentTheatre?.id).toBe("starlight-riverside");
  });

  it("the page's theatre wins over the stored choice", () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    const { result } = render(starlight, "starlight-north");
    expect(result.current.currentTheatre?.id).toBe("starlight-north");
    expect(result.current.selectedTheatreId).toBe("starlight-riverside");
  });

  it("the page's theatre is known in the server render already", () => {
    installSiteRuntime(starlight);
    expect(
      renderToString(
        <SelectedTheatreProvider theaterId="starlight-north">
          <CurrentName />
        </SelectedTheatreProvider>,
      ),
    ).toContain("starlight-north|none");
  });

  it("no page theatre and no choice: none", () => {
    const { result } = render(starlight, null);
    expect(result.current).toMatchObject({ currentTheatre: null, selectedTheatreId: null });
  });

  it("choosing a theatre updates the state and the cookie", () => {
    const { result } = render(starlight, null);
    act(() => result.current.chooseTheatre("starlight-downtown"));
    expect(result.current.selectedTheatreId).toBe("starlight-downtown");
    expect(result.current.currentTheatre).toMatchObject({ id: "starlight-downtown", name: expect.any(String) });
    expect(readSelectedTheatreId()).toBe("starlight-downtown");
  });

  it("a stored id the site does not have resolves to none", () => {
    document.cookie = "selectedTheaterId=closed-theatre; path=/";
    const { result } = render(starlight, null);
    expect(result.current).toMatchObject({ currentTheatre: null, selectedTheatreId: "closed-theatre" });
  });
});

describe("on a single-location site", () => {
  it("the current theatre is always the one theatre, server render included", () => {
    document.cookie = "selectedTheaterId=starlight-riverside; path=/";
    installSiteRuntime(lumiere);
    expect(
      renderToString(
        <SelectedTheatreProvider theaterId={null}>
          <CurrentName />
        </SelectedTheatreProvider>,
      ),
    ).toContain("lumiere-annecy|none");
    const { result } = render(lumiere, null);
    expect(result.current.currentTheatre?.id).toBe("lumiere-annecy");
  });
});
