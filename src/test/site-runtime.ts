// Test support: a site's runtime as the build makes it from site-config/, at a fixed build time
// (20 November 2026, 10:00 UTC) unless the test gives another.
import { loadSiteConfig } from "../config/load";
import { buildSiteModel, type SiteRuntime } from "../site/model";
import { planSite } from "../site/page-plan";

export async function builtRuntime(
  siteId: "lumiere" | "starlight",
  builtAt = new Date("2026-11-20T10:00:00Z"),
): Promise<SiteRuntime> {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  return buildSiteModel(config, builtAt).runtime;
}

/**
 * The page the build plans at `path` (nothing deferred) for a site built at `builtAt`, with the
 * site's runtime: what a template test renders.
 */
export async function plannedPage<Context>(
  siteId: "lumiere" | "starlight",
  path: string,
  builtAt = new Date("2026-11-20T10:00:00Z"),
): Promise<{ runtime: SiteRuntime; pageContext: Context }> {
  const model = buildSiteModel(await loadSiteConfig({ configRoot: "site-config", siteId }), builtAt);
  const plan = planSite({ ...model, deferFlags: { standardPages: false, moviePages: false, theaterPages: false } });
  const page = plan.pages.find((p) => p.path === path)!;
  return { runtime: model.runtime, pageContext: page.context as unknown as Context };
}
