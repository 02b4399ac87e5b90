import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import netlifyAdapter from "gatsby-adapter-netlify";
import { loadOptionsFromEnv } from "./src/config/load";
import { readSiteHeadSync } from "./src/config/head";
import { consentHeadOf } from "./src/tracking/consent/consent-head";
import { privateParamsScript } from "./src/tracking/analytics/address-bar-script";
import { parseTrackingDeploySettings, readTrackingEnv } from "./src/tracking/consent/deploy-settings";
import { withAccountRoutes, withSiteHeaders, withThirdPartyProxy } from "./src/server/http/netlify-adapter";
import { SERVER_SETTINGS_FILE } from "./src/server/site-settings";
import { offlinePluginOptions, offlineWorkerSetting } from "./src/offline/settings";
import { readGlobalCss } from "./src/theme/global-css";
import { ACCOUNT_PATH, SITEMAP_PATHS_FILE } from "./src/lib/paths";
import { BOOKING_PATH, PREVIEW_PATH_PREFIX } from "./src/links/rules";

// SITE picks the folder in site-config/ (default: the French single-location site).
const site = loadOptionsFromEnv();
const head = readSiteHeadSync(site);
// The consent manager from every page's head (issue 44): the IAB's TCF stub, Didomi's config and loader.
const consentHead =
  head.consentSite &&
  consentHeadOf(
    head.consentSite,
    parseTrackingDeploySettings(readTrackingEnv()).settings.consent,
    // Resolved at run time: the config's bundler would take a literal require.resolve for its own.
    readFileSync(createRequire(path.join(process.cwd(), "package.json")).resolve("@iabtcf/stub"), "utf8"),
  );
// The offline service worker (src/offline/); OFFLINE_WORKER=off is its kill switch (README).
const offlineWorker = offlineWorkerSetting(process.env);

/** Pages for one visitor, not for search engines (the sitemap leaves them out as well). */
const ROBOTS_DISALLOW = [ACCOUNT_PATH, PREVIEW_PATH_PREFIX, BOOKING_PATH, "/api/"];

const config: GatsbyConfig = {
  siteMetadata: { siteId: site.siteId, siteUrl: head.siteUrl },
  trailingSlash: "always",
  jsxRuntime: "automatic",
  graphqlTypegen: false,
  // Hosted deploys: Netlify's adapter (public/_headers, _redirects, the Functions), with the
  // headers of the self-hosted server (src/server/http/headers.ts), its 404 for unknown account
  // paths and its /__third-party-proxy (the Function src/api/third-party-proxy.ts). Only on Netlify's builders (NETLIFY=true): the adapter renames the client-only routes'
  // files in public/ for its rewrites, which a self-hosted server of the same build would then miss.
  ...(process.env.NETLIFY === "true"
    ? {
        adapter: withThirdPartyProxy(
          withAccountRoutes(
            withSiteHeaders(netlifyAdapter(), {
              projectDir: process.cwd(),
              // Where the venue plugin wrote them during this build (not the serving setting SERVER_SETTINGS_FILE).
              settingsFile: SERVER_SETTINGS_FILE,
              env: process.env,
            }),
          ),
        ),
      }
    : {}),
  plugins: [
    "gatsby-plugin-styled-components",
    // /sitemap-index.xml → /sitemap-0.xml with the absolute URLs of the pages createPages planned for
    // search engines (src/site/page-plan.ts sitemapPaths), not every page Gatsby made.
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        // Not the plugin's default query: its allSitePage walks every page's whole context (1 s at
        // 5,000 films, on every build); the pages come from resolvePages below.
        query: "{ site { siteMetadata { siteUrl } } }",
        resolvePages: () =>
          (JSON.parse(readFileSync(SITEMAP_PATHS_FILE, "utf8")) as string[]).map((pagePath) => ({ path: pagePath })),
      },
    },
    // /robots.txt: everything may be crawled but the member area, the editor preview and the
    // booking hand-off; it names the sitemap.
    {
      resolve: "gatsby-plugin-robots-txt",
      options: {
        policy: [{ userAgent: "*", allow: "/", disallow: ROBOTS_DISALLOW }],
      },
    },
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
        timeZone: head.timeZone,
        fontFaceCss: head.fonts.css,
        // Site-wide rules, first in every page's <head> (src/theme/global-css.ts says why not imported).
        globalCss: readGlobalCss(process.cwd()),
        fontPreloads: head.fonts.preloads,
        consentHead,
        // Issue 44: the head's first script takes the private parameters out of the address bar.
        privateParamsScript: privateParamsScript(head.privateParams),
        fontFiles: head.fonts.files,
        // A site may ship its own icon in assets/; otherwise the platform one in static/.
        favicon: existsSync(path.join(site.configRoot, site.siteId, "assets", "favicon.svg"))
          ? "/site-assets/favicon.svg"
          : "/favicon.svg",
      },
    },
    ...(offlineWorker === "on"
      ? [{ resolve: "gatsby-plugin-offline", options: offlinePluginOptions(process.cwd()) }]
      : []),
  ],
};

export default config;
