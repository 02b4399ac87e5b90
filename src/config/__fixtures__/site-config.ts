import { catalogueFileSchema } from "../catalogue";
import { pagesFileSchema } from "../pages";
import { siteSettingsSchema, type SiteSettingsInput } from "../settings";
import type { SiteConfig } from "../site-config";
import { theatersFileSchema } from "../theaters";
import { siteThemeSchema } from "../theme";
import { minimalCatalogue, minimalPages, minimalSettings, minimalTheaters, minimalTheme } from "./minimal";

/** A validated SiteConfig built from the minimal fixtures, with parts replaced as raw (pre-default) input. */
export function makeSiteConfig(
  overrides: {
    settings?: Partial<SiteSettingsInput>;
    theaters?: unknown;
    catalogue?: unknown;
    pages?: unknown;
  } = {},
): SiteConfig {
  return {
    siteId: "test",
    settings: siteSettingsSchema.parse({ ...minimalSettings, ...overrides.settings }),
    theme: siteThemeSchema.parse(minimalTheme),
    theaters: theatersFileSchema.parse(overrides.theaters ?? minimalTheaters).theaters,
    catalogue: catalogueFileSchema.parse(overrides.catalogue ?? minimalCatalogue),
    pages: pagesFileSchema.parse(overrides.pages ?? minimalPages),
  };
}
