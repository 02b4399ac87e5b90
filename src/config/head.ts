// Node-only, synchronous: gatsby-config needs the locale and the font faces before any plugin
// runs. A file that does not parse is left to the source plugin, which reports every problem.
import { readFileSync } from "node:fs";
import path from "node:path";
import { planFontAssets, type FontFileCopy } from "../theme/font-assets";
import type { LoadOptions } from "./load";
import { siteSettingsSchema, type SiteSettings } from "./settings";
import { siteThemeSchema } from "./theme";

export type SiteHead = {
  locale: string;
  /** The site's time zone (settings.timeZone), for the head's Intl warm-up (src/shell/intl-warmup.ts). */
  timeZone: string;
  siteUrl: string;
  fonts: { css: string; preloads: string[]; files: FontFileCopy[] };
  /** The site's own ticketing token parameter (settings.loyalty.tokenParam): private as the shared ones. */
  privateParams: string[];
  /** What the consent manager's head needs (src/tracking/consent/consent-head.ts); null → settings that do not parse. */
  consentSite: {
    noticeId: string;
    name: string;
    logoSrc: string;
    privacyPolicySlug: string;
    country: string;
    locale: SiteSettings["locale"];
  } | null;
};

function readJsonSync(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export function readSiteHeadSync(options: Pick<LoadOptions, "configRoot" | "siteId">): SiteHead {
  const dir = path.join(options.configRoot, options.siteId);
  const settings = siteSettingsSchema.safeParse(readJsonSync(path.join(dir, "settings.json")));
  const theme = siteThemeSchema.safeParse(readJsonSync(path.join(dir, "theme.json")));
  const empty = { css: "", preloads: [], files: [] };
  let fonts: SiteHead["fonts"] = empty;
  if (theme.success) {
    try {
      const plan = planFontAssets([theme.data.fonts.body, theme.data.fonts.heading], "/fonts");
      fonts = { css: plan.css, preloads: plan.preload, files: plan.files };
    } catch {
      // The config check (scripts/check-site.ts) reports an unknown family or weight with its field path.
      fonts = empty;
    }
  }
  return {
    locale: settings.success ? settings.data.locale : "en-US",
    timeZone: settings.success ? settings.data.timeZone : "UTC",
    siteUrl: settings.success ? `https://${settings.data.domain}` : "https://localhost",
    fonts,
    privateParams: settings.success && settings.data.loyalty?.tokenParam ? [settings.data.loyalty.tokenParam] : [],
    consentSite: settings.success
      ? {
          noticeId: settings.data.cookieBannerDidomiId,
          name: settings.data.name,
          logoSrc: settings.data.logo.src,
          privacyPolicySlug: settings.data.privacyPolicyPage.slug,
          country: settings.data.country.iso31661A2,
          locale: settings.data.locale,
        }
      : null,
  };
}
