import { render, screen } from "@testing-library/react";
import { declaredUnderMedia, keyframesOf } from "../test/css";
import { Spinner } from "./Spinner";

// Jest resolves styled-components' "main" (its server build), which never injects
// createGlobalStyle rules into the DOM; the browser build is what Gatsby ships.
jest.mock("styled-components", () => jest.requireActual("styled-components/dist/styled-components.browser.cjs.js"));

describe("Spec: 'The loading spinner has the default title 'Loading' and a 750 ms rotation.'", () => {
  it.each([
    ["default title is 'Loading'", undefined, "Loading"],
    ["the caller's localised title is used (French)", "Chargement", "Chargement"],
    ["the caller's localised title is used (Spanish)", "Cargando", "Cargando"],
  ])("%s", (_rule, title, expected) => {
    render(<Spinner title={title} />);
    const status = screen.getByRole("status");
    // Announced as text content of a polite live region, so screen readers read it when it appears.
    expect(status).toHaveTextContent(expected);
    expect(status).toHaveAttribute("title", expected);
  });

  it("hides the rotating ring from assistive technology", () => {
    const { container } = render(<Spinner />);
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  const ring = (container: HTMLElement): HTMLElement => {
    const element = container.querySelector<HTMLElement>('[aria-hidden="true"]');
    if (!element) throw new Error("no ring");
    return element;
  };

  it("rotates a full turn every 750 ms, linearly, forever", () => {
    const { container } = render(<Spinner />);
    const [name, ...timing] = getComputedStyle(ring(container)).animation.split(" ");
    expect(timing).toEqual(["750ms", "linear", "infinite"]);
    expect(keyframesOf(name ?? "")).toEqual({ to: { transform: "rotate(360deg)" } });
  });

  it("stops rotating when the user prefers reduced motion", () => {
    const { container } = render(<Spinner />);
    expect(declaredUnderMedia(ring(container), "(prefers-reduced-motion: reduce)", "animation")).toBe("none");
  });

  it("sizes the ring from the size prop", () => {
    const { container } = render(<Spinner size={48} />);
    expect(ring(container)).toHaveStyle({ width: "48px", height: "48px" });
  });
});
