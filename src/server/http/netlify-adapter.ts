// Hosted deploys (gatsby-adapter-netlify) get the headers of the self-hosted server. Gatsby's own
// header rules cannot be used for that: its `/*` defaults (X-Frame-Options: DENY,
// Referrer-Policy: same-origin, X-XSS-Protection, Cache-Control must-revalidate) are always
// written and the `headers` option can only add rules beside them, so a platform that merges
// rules would send both values. This wrapper hands the adapter the rules of ./headers.ts instead
// (`headerRoutes`, which the adapter writes to public/_headers as they are); routes, redirects
// and Functions stay the adapter's. The Functions set their own headers (src/api/*).
// A second wrapper gives the account section's unknown paths the production server's 404 (see
// withAccountScreenRoutes), a third the script proxy its path (withThirdPartyProxyRoute).
import path from "node:path";
import type { IAdapter, IRedirectRoute, RoutesManifest } from "gatsby";
import { ACCOUNT_PATH, ACCOUNT_SCREENS } from "../../member/account/routes";
import { loadServerSiteSettings } from "../site-settings";
import { cspReportUriFrom, editorOriginsFrom, hstsIncludeSubDomainsFrom } from "./deploy-settings";
import { netlifyHeaderRoutes, THIRD_PARTY_PROXY_PATH, type HeaderRule } from "./headers";
import { sitePolicy } from "./site-bundle";
import { listPublicFiles, siteInlineScriptHashes } from "./site-files";

export interface SiteHeadersOptions {
  /** The project directory (public/ and the build's server settings are read there). */
  readonly projectDir: string;
  /** The build's server settings file (SERVER_SETTINGS_FILE). */
  readonly settingsFile: string;
  /** The build's deploy settings (EDITOR_ORIGINS). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The rules for the site just built in `projectDir`. */
export function siteHeaderRules(options: SiteHeadersOptions): HeaderRule[] {
  const publicDir = path.join(options.projectDir, "public");
  const settings = loadServerSiteSettings(path.resolve(options.projectDir, options.settingsFile));
  const files = listPublicFiles(publicDir);
  const policy = sitePolicy(
    settings,
    editorOriginsFrom(options.env.EDITOR_ORIGINS),
    siteInlineScriptHashes(publicDir, files),
    cspReportUriFrom(options.env.CSP_REPORT_URI),
  );
  return netlifyHeaderRoutes(policy, files, {
    includeSubDomains: hstsIncludeSubDomainsFrom(options.env.HSTS_INCLUDE_SUBDOMAINS),
  });
}

export function withSiteHeaders(adapter: IAdapter, options: SiteHeadersOptions): IAdapter {
  return {
    ...adapter,
    adapt: (context: Parameters<IAdapter["adapt"]>[0]) => {
      const headerRoutes = siteHeaderRules(options);
      context.reporter.info(
        `[venue] ${headerRoutes.length} header rules for the platform (src/server/http/headers.ts)`,
      );
      // The context's manifests are getters over Gatsby's state; keep them lazy.
      return adapter.adapt(
        Object.create(context, { headerRoutes: { value: headerRoutes, enumerable: true } }) as typeof context,
      );
    },
  };
}

/**
 * The file the adapter serves the account section from: it moves a client-only route's page to a
 * name made of its route ("/account/*" → "/account/[...].html", its pretty-urls.ts) and rewrites the
 * route there.
 */
export const NETLIFY_ACCOUNT_FILE = `${ACCOUNT_PATH}[...].html`;

/**
 * The account section's routes as the production server answers them (static-site.ts): the
 * adapter rewrites every /account/* path to the section's page with a 200; rules put before its own
 * rewrite the known screens (src/member/account/routes.ts) with a 200 and the rest with a 404, the same page
 * (its not-found screen). Netlify takes the first rule that matches, with or without the trailing
 * slash, and a query does not change the match. Any other route is left as it is.
 */
export function withAccountScreenRoutes(routes: RoutesManifest): RoutesManifest {
  const at = routes.findIndex(
    (route) => route.type === "static" && route.path.replace(/\*.*/, "*") === `${ACCOUNT_PATH}*`,
  );
  if (at < 0) return routes;
  const rewrite = (from: string, status: 200 | 404): IRedirectRoute => ({
    type: "redirect",
    path: from,
    toPath: NETLIFY_ACCOUNT_FILE,
    status,
    headers: [],
  });
  return [
    ...routes.slice(0, at),
    ...ACCOUNT_SCREENS.map(({ segment }) => rewrite(segment ? `${ACCOUNT_PATH}${segment}/` : ACCOUNT_PATH, 200)),
    rewrite(`${ACCOUNT_PATH}*`, 404),
    ...routes.slice(at),
  ];
}

/** The adapter, handed its routes manifest through `reroute`, the rest of its context as it was. */
function withRoutesManifest(adapter: IAdapter, reroute: (routes: RoutesManifest) => RoutesManifest): IAdapter {
  return {
    ...adapter,
    adapt: (context: Parameters<IAdapter["adapt"]>[0]) =>
      adapter.adapt(
        Object.create(context, {
          // A getter, as the context's own: Gatsby's state is read when the adapter asks.
          routesManifest: { get: () => reroute(context.routesManifest), enumerable: true },
        }) as typeof context,
      ),
  };
}

export function withAccountRoutes(adapter: IAdapter): IAdapter {
  return withRoutesManifest(adapter, withAccountScreenRoutes);
}

/** Where Gatsby serves the script proxy's Function (src/api/third-party-proxy.ts). */
export const THIRD_PARTY_PROXY_FUNCTION_PATH = "/api/third-party-proxy";

/**
 * Gatsby's script proxy path, /__third-party-proxy, on Netlify: Gatsby serves Functions under /api/
 * only, so the proxy's own path gets a route of its own to the same Function, first in the
 * manifest. The adapter writes it as its Functions' rules are written, a rewrite to the
 * Function's invocation URL (`/__third-party-proxy  /.netlify/functions/<id>  200`): one hop, no
 * rule chained onto another, and Netlify passes the query on to a rewrite's target. Throws when
 * the build has no such Function: its pages would ask for scripts nobody answers.
 */
export function withThirdPartyProxyRoute(routes: RoutesManifest): RoutesManifest {
  const proxy = routes.find((route) => route.type === "function" && route.path === THIRD_PARTY_PROXY_FUNCTION_PATH);
  if (!proxy || proxy.type !== "function")
    throw new Error(
      `No ${THIRD_PARTY_PROXY_FUNCTION_PATH} Function in this build: ${THIRD_PARTY_PROXY_PATH} would not be answered`,
    );
  return [{ ...proxy, path: THIRD_PARTY_PROXY_PATH }, ...routes];
}

export function withThirdPartyProxy(adapter: IAdapter): IAdapter {
  return withRoutesManifest(adapter, withThirdPartyProxyRoute);
}
