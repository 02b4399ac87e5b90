import { act, useEffect, useState } from "react";
import { renderToString } from "react-dom/server";
import { hydrateInTransition } from "./hydrate";

function Page() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div id="gatsby-focus-wrapper">
      <h1>Les Ombres du lac</h1>
      <button type="button" data-hydrated={hydrated}>
        Séances
      </button>
    </div>
  );
}

describe("hydrateInTransition (the page's React tree takes over the server HTML)", () => {
  let container: HTMLDivElement;
  beforeEach(() => {
    container = document.createElement("div");
    container.id = "___gatsby";
    document.body.append(container);
  });
  afterEach(() => container.remove());

  it("hydrates server-rendered HTML in place: the same elements become interactive", async () => {
    container.innerHTML = renderToString(<Page />);
    const heading = container.querySelector("h1");
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => hydrateInTransition(<Page />, container));
    expect(container.querySelector("h1")).toBe(heading);
    expect(container.querySelector("button")?.dataset.hydrated).toBe("true");
    // No hydration mismatch: React would have reported it and rendered afresh.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("renders a page whose server HTML is empty (a client-only route)", async () => {
    container.innerHTML = '<div id="gatsby-focus-wrapper"></div>';
    await act(async () => hydrateInTransition(<Page />, container));
    expect(container.querySelector("h1")?.textContent).toBe("Les Ombres du lac");
    expect(container.querySelector("button")?.dataset.hydrated).toBe("true");
  });

  it("does nothing without a root element", () => {
    expect(() => hydrateInTransition(<Page />, null)).not.toThrow();
  });
});
