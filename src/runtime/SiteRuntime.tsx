import { graphql, useStaticQuery } from "gatsby";
import type { CompiledMessages } from "../i18n/compile";
import type { SiteRuntime } from "./site-runtime";

type SiteSettingsQuery = { siteSettings: { runtime: SiteRuntime; compiledMessages: CompiledMessages } | null };

/**
 * Site-wide data (name, logo, theme, navigation, theaters, and the locale's message catalogue),
 * fetched once per visit through one static query rather than repeated in every page's data.
 */
function useSiteSettings(): { runtime: SiteRuntime; compiledMessages: CompiledMessages } {
  const data = useStaticQuery<SiteSettingsQuery>(graphql`
    query SiteRuntime {
      siteSettings {
        runtime
        compiledMessages
      }
    }
  `);
  if (!data.siteSettings)
    throw new Error("useSiteRuntime: the SiteSettings node is missing (gatsby-source-venue did not run)");
  // Built from zod-validated config by our own plugin; the shape is ours end to end.
  return data.siteSettings;
}

export function useSiteRuntime(): SiteRuntime {
  return useSiteSettings().runtime;
}

/** The site locale's messages (spec §3 page context `intl.messages`), compiled at build, for react-intl. */
export function useSiteMessages(): CompiledMessages {
  return useSiteSettings().compiledMessages;
}
