import type { CatalogueFile } from "./catalogue";
import type { PagesFile } from "./pages";
import type { SiteSettings } from "./settings";
import type { TheaterConfig } from "./theaters";
import type { SiteThemeConfig } from "./theme";

/** Everything one site is built from, validated. */
export type SiteConfig = {
  siteId: string;
  settings: SiteSettings;
  theme: SiteThemeConfig;
  theaters: TheaterConfig[];
  catalogue: CatalogueFile;
  pages: PagesFile;
};
