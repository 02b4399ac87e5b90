import { existsSync } from "node:fs";
import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { loadOptionsFromEnv } from "./src/config/load";
import { readSiteHeadSync } from "./src/config/head";

// SITE picks the folder in site-config/ (default: the French single-location site).
const site = loadOptionsFromEnv();
const head = readSiteHeadSync(site);

const config: GatsbyConfig = {
  siteMetadata: { siteId: site.siteId, siteUrl: head.siteUrl },
  trailingSlash: "always",
  jsxRuntime: "automatic",
  graphqlTypegen: false,
  plugins: [
    "gatsby-plugin-styled-components",
    {
      resolve: "gatsby-source-venue",
      options: {
        siteId: site.siteId,
        configRoot: site.configRoot,
        catalogueUrl: site.catalogueUrl ?? "",
        ticketingUrl: site.overrides?.ticketingUrl ?? "",
        embeddingMode: site.overrides?.embeddingMode ?? "",
        // Deploy setting: origins of the site-builder editors that may preview the site live.
        editorOrigins: process.env.EDITOR_ORIGINS ?? "",
        // Fixes "today" for reproducible builds and tests; unset in production.
        buildDate: process.env.BUILD_DATE ?? "",
        locale: head.locale,
        fontFaceCss: head.fonts.css,
        fontPreloads: head.fonts.preloads,
        fontFiles: head.fonts.files,
        // A site may ship its own icon in assets/; otherwise the platform one in static/.
        favicon: existsSync(path.join(site.configRoot, site.siteId, "assets", "favicon.svg"))
          ? "/site-assets/favicon.svg"
          : "/favicon.svg",
      },
    },
  ],
};

export default config;
