import { graphql, useStaticQuery } from "gatsby";
import type { SiteRuntime } from "./model";

type SiteRuntimeQuery = { siteSettings: { runtime: SiteRuntime } | null };

/**
 * Site-wide data (name, logo, theme, navigation, theatres), fetched once per visit through a
 * static query rather than repeated in every page's data.
 */
export function useSiteRuntime(): SiteRuntime {
  const data = useStaticQuery<SiteRuntimeQuery>(graphql`
    query SiteRuntime {
      siteSettings {
        runtime
      }
    }
  `);
  if (!data.siteSettings)
    throw new Error("useSiteRuntime: the SiteSettings node is missing (gatsby-source-venue did not run)");
  // Built from zod-validated config by our own plugin; the shape is ours end to end.
  return data.siteSettings.runtime;
}
