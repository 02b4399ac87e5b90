import { render, screen } from "@testing-library/react";
import { Spinner } from "./Spinner";

// Jest resolves styled-components' "main" (its server build), which never injects
// createGlobalStyle rules into the DOM; the browser build is what Gatsby ships.
jest.mock("styled-components", () => jest.requireActual("styled-components/dist/styled-components.browser.cjs.js"));

const styleText = (): string =>
  Array.from(document.querySelectorAll("style"))
    .map((s) => s.textContent ?? "")
    .join("\n")
    .replace(/\s+/g, "");

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

  it("rotates once every 750 ms, linearly, forever", () => {
    render(<Spinner />);
    expect(styleText()).toMatch(/animation:[\w-]+750mslinearinfinite/);
    expect(styleText()).toMatch(/@keyframes[\w-]+\{to\{transform:rotate\(360deg\);?\}\}/);
  });

  it("stops rotating when the user prefers reduced motion", () => {
    render(<Spinner />);
    expect(styleText()).toMatch(/@media\(prefers-reduced-motion:reduce\)\{[^}]*animation:none/);
  });

  it("sizes the ring from the size prop", () => {
    render(<Spinner size={48} />);
    expect(styleText()).toContain("width:48px;height:48px;");
  });
});
