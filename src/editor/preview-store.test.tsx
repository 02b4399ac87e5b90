import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { loadSiteConfig } from "../config/load";
import { buildSiteModel, type SiteRuntime } from "../site/model";
import { windowAt, type WindowShape } from "../test/host-window-fakes";
import { editorHost, setPreviewOverrides, useEditorPreview } from "./preview-store";

const mockPreviewLoaded = jest.fn();
jest.mock("./preview", () => {
  mockPreviewLoaded();
  return { startEditorPreview: jest.fn() };
});

let site: SiteRuntime;
beforeAll(async () => {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId: "lumiere" });
  site = buildSiteModel(config, new Date("2026-11-20T10:00:00Z"), {
    editorOrigins: ["https://editor.example.com"],
  }).runtime;
});

function Probe() {
  const preview = useEditorPreview(site);
  return <p>{preview ? preview.layout.headerLayout : "built theme"}</p>;
}

describe("useEditorPreview", () => {
  it("renders the built theme on the server", () => {
    expect(renderToString(<Probe />)).toContain("built theme");
  });

  it("loads no preview code on a page that is neither framed nor opened (a visitor's)", async () => {
    render(<Probe />);
    await act(async () => undefined);
    expect(mockPreviewLoaded).not.toHaveBeenCalled();
    expect(screen.getByText("built theme")).toBeInTheDocument();
  });

  it("re-renders with what the preview sets, and back", () => {
    render(<Probe />);
    act(() =>
      setPreviewOverrides({ siteTheme: site.siteTheme, layout: { ...site.theme.layout, headerLayout: "centered" } }),
    );
    expect(screen.getByText("centered")).toBeInTheDocument();
    act(() => setPreviewOverrides(null));
    expect(screen.getByText("built theme")).toBeInTheDocument();
  });
});

describe("editorHost: may an editor be driving this page?", () => {
  const EDITOR = "https://editor.example.com";
  const parent = { name: "parent" };
  const opener = { name: "opener" };
  /** The preview is served by the Gatsby dev server, on its own origin. */
  const windowOf = (options: WindowShape) => windowAt("http://localhost:9000", options);

  it.each<[string, Parameters<typeof windowOf>[0], { host: unknown; targets: string[] } | null]>([
    ["framed by the editor (ancestorOrigins)", { parent, ancestors: [EDITOR] }, { host: parent, targets: [EDITOR] }],
    [
      "framed by the editor (referrer)",
      { parent, referrer: `${EDITOR}/sites/42` },
      { host: parent, targets: [EDITOR] },
    ],
    ["opened by the editor", { opener, referrer: `${EDITOR}/` }, { host: opener, targets: [EDITOR] }],
    [
      "framed, host unknown: the editor origins (a wrong one is dropped by the browser)",
      { parent },
      { host: parent, targets: [EDITOR] },
    ],
    [
      "framed, the frame navigated itself",
      { parent, referrer: "http://localhost:9000/films/" },
      { host: parent, targets: [EDITOR] },
    ],
    ["framed by a point-of-sale host", { parent, ancestors: ["https://caisse.cinema-lumiere.fr"] }, null],
    ["framed by anyone else (referrer)", { parent, referrer: "https://evil.example/" }, null],
    ["a visitor's top-level page", {}, null],
    ["a visitor who came from the editor's site, in a tab of their own", { referrer: `${EDITOR}/` }, null],
  ])("%s", (_label, options, expected) => {
    expect(editorHost(site, windowOf(options))).toEqual(expected);
  });

  it("is null when the deploy names no editor origins", () => {
    const none = { ...site, embedding: { ...site.embedding, editorOrigins: [] } };
    expect(editorHost(none, windowOf({ parent, ancestors: [EDITOR] }))).toBeNull();
  });
});
