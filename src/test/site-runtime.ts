// Test support: a site's runtime as the build makes it from site-config/, at a fixed build time
// (20 November 2026, 10:00 UTC) unless the test gives another.
import { loadSiteConfig } from "../config/load";
import { buildSiteModel, type SiteRuntime } from "../site/model";

export async function builtRuntime(
  siteId: "lumiere" | "starlight",
  builtAt = new Date("2026-11-20T10:00:00Z"),
): Promise<SiteRuntime> {
  const config = await loadSiteConfig({ configRoot: "site-config", siteId });
  return buildSiteModel(config, builtAt).runtime;
}
