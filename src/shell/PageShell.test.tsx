// What a page starts besides itself: the consent-gated tracking (consent manager, analytics, tags)
// and the ads, everywhere but under the editor's preview path prefix (spec §2), where the page is
// the editor's working copy rather than a visit. And no ads where a member signs in or keeps their
// account (issue 44).
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { loadSiteConfig } from "../config/load";
import { wrapPageWithLocation } from "../links/wrap-page";
import { buildPageContext, type TemplateName } from "../runtime/page-context";
import { buildSiteModel } from "../site/model";
import { installSiteRuntime } from "../test/gatsby-mock";
import { PageShell } from "./PageShell";

jest.mock("gatsby", () => jest.requireActual("../test/gatsby-mock"));
jest.mock("../tracking/consent/runtime", () => ({ startTracking: jest.fn() }));
jest.mock("../ads/runtime", () => ({ pageChanged: jest.fn() }));

const { startTracking } = jest.requireMock<{ startTracking: jest.Mock }>("../tracking/consent/runtime");
const { pageChanged } = jest.requireMock<{ pageChanged: jest.Mock }>("../ads/runtime");

beforeEach(() => {
  startTracking.mockClear();
  pageChanged.mockClear();
  localStorage.clear();
});

async function renderPageAt(pathname: string, templateName?: TemplateName) {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId: "starlight" });
  // The US circuit as its browser-test build has it: a consent manager, and the ad wrapper.
  const model = buildSiteModel(config, new Date("2026-11-20T10:00:00Z"), {
    consentDeploy: { disabled: false, apiKey: "sandbox-didomi-key" },
    adsDeploy: { libraryUrl: "http://sandbox.test/__ads/library/{siteCode}.js", gptScriptUrl: "" },
  });
  expect(model.runtime.ads.shown).toBe(true);
  installSiteRuntime(model.runtime);
  const pageContext = buildPageContext(model, { pagePath: pathname, ...(templateName ? { templateName } : {}) });
  render(
    wrapPageWithLocation({
      element: (
        <PageShell pageContext={pageContext}>
          <h1>Page</h1>
        </PageShell>
      ),
      props: { location: { pathname, search: "" } },
    }),
  );
  // TrackingStarter waits for an idle moment (a timer where requestIdleCallback is missing), then
  // imports the runtime; the ads' setup imports theirs after one too. What must start is waited for.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

describe("tracking, ads and the consent link start on visitors' pages, never under the preview path prefix", () => {
  it.each([
    // [path, a visitor's page]
    ["/", true],
    ["/films/", true],
    ["/cms-previewer/", true],
    ["/cms-preview/", false],
    ["/cms-preview", false],
    ["/cms-preview/films/", false],
  ] as const)("%s: started %s", async (pathname, visitorsPage) => {
    await renderPageAt(pathname);
    // Tracking starts a task after its chunk arrives: waited for, not timed.
    if (visitorsPage) await waitFor(() => expect(startTracking).toHaveBeenCalledTimes(1));
    else expect(startTracking).not.toHaveBeenCalled();
    // The ads' setup waits for its floating elements to mount (a few frames): waited for, not timed.
    if (visitorsPage) await waitFor(() => expect(pageChanged).toHaveBeenCalledTimes(1));
    else expect(pageChanged).not.toHaveBeenCalled();
    const consentLink = within(screen.getByRole("contentinfo")).queryByRole("button", {
      name: "Do Not Sell or Share My Personal Information",
    });
    if (visitorsPage) expect(consentLink).toBeInTheDocument();
    else expect(consentLink).toBeNull();
    // The page itself is the same: the ad boxes keep their room (the layout the editor works on).
    expect(document.querySelectorAll("[data-ad-slot]").length).toBeGreaterThan(0);
  });
});

// Issue 44: an ad library reads the page (its address, its cookies) and sends what it reads.
describe("no ads where a member signs in, asks for or sets a new password, or keeps their account", () => {
  it.each<[TemplateName, string]>([
    ["login", "/sign-in/"],
    ["account", "/account/reset-password/"],
    ["account", "/account/forgot-password/"],
    ["account", "/account/profile/"],
  ])("a %s page (%s): no ad box, no ad element, no ad set up", async (templateName, pathname) => {
    await renderPageAt(pathname, templateName);
    expect(screen.getByRole("heading", { name: "Page" })).toBeInTheDocument();
    expect(document.querySelectorAll("[data-ad-slot]")).toHaveLength(0);
    expect(document.querySelector('[id$="PromoContainer"], #InterstitialContainer')).toBeNull();
    expect(pageChanged).not.toHaveBeenCalled();
    // Tracking (consent-gated, scrubbed) still starts.
    await waitFor(() => expect(startTracking).toHaveBeenCalledTimes(1));
  });

  it.each<[TemplateName, string]>([
    ["film", "/films/2051-night-train/"],
    ["generic", "/"],
    ["theater", "/theaters/downtown/"],
  ])("a %s page (%s) keeps its ad boxes and sets its ads up", async (templateName, pathname) => {
    await renderPageAt(pathname, templateName);
    expect(document.querySelectorAll("[data-ad-slot]").length).toBeGreaterThan(0);
    await waitFor(() => expect(pageChanged).toHaveBeenCalledTimes(1));
    expect(pageChanged.mock.calls[0]?.[0]).toMatchObject({ pageContext: { templateName } });
  });
});
