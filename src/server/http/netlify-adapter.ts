// Hosted deploys (gatsby-adapter-netlify) get the headers of the self-hosted server. Gatsby's own
// header rules cannot be used for that: its `/*` defaults (X-Frame-Options: DENY,
// Referrer-Policy: same-origin, X-XSS-Protection, Cache-Control must-revalidate) are always
// written and the `headers` option can only add rules beside them, so a platform that merges
// rules would send both values. This wrapper hands the adapter the rules of ./headers.ts instead
// (`headerRoutes`, which the adapter writes to public/_headers as they are); routes, redirects
// and Functions stay the adapter's. The Functions set their own headers (src/api/*).
import path from "node:path";
import type { IAdapter } from "gatsby";
import { loadServerSiteSettings } from "../site-settings";
import { editorOriginsFrom } from "./deploy-settings";
import { netlifyHeaderRoutes, type HeaderRule } from "./headers";
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
  );
  return netlifyHeaderRoutes(policy, files);
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
