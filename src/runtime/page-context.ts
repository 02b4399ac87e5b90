import type { Country } from "../config/common";
import type { SiteLocale } from "../config/settings";
import { shortLocale } from "../i18n/catalogues";
import type { SiteRuntime } from "./site-runtime";

export const templateNames = [
  "generic",
  "films",
  "film",
  "theaters",
  "theater",
  "login",
  "account",
  "notFound",
  "serverError",
  "offline",
  "permalink",
  "booking",
  "schedule",
] as const;
export type TemplateName = (typeof templateNames)[number];
export const DEFAULT_TEMPLATE: TemplateName = "generic";

/**
 * What every page receives (spec §3 "Page context"). The spec's `intl.messages` is the one part
 * that is not here: the catalogue is the same on every page of a site (27 KB), so it is site-wide
 * data, fetched once per visit with the site runtime (`useSiteMessages`, src/runtime/SiteRuntime.tsx),
 * and PageShell hands it to react-intl beside this context's locale.
 */
export type PageContext = {
  circuitId: string | null;
  pagePath: string;
  theaterId: string | null;
  isSingleLocation: boolean;
  intl: {
    locale: { short: string; long: SiteLocale };
    country: Country;
  };
  betaFeaturesEnabled: boolean;
  templateName: TemplateName;
};

export function buildPageContext(
  model: {
    runtime: Pick<SiteRuntime, "circuit" | "isSingleLocation" | "locale" | "country" | "betaFeaturesEnabled">;
    theaters: readonly { id: string }[];
  },
  page: { pagePath: string; templateName?: TemplateName; theaterId?: string | null },
): PageContext {
  const { runtime } = model;
  return {
    circuitId: runtime.circuit?.id ?? null,
    pagePath: page.pagePath,
    // A single-location site's pages all belong to its one theater.
    theaterId: page.theaterId ?? (runtime.isSingleLocation ? (model.theaters[0]?.id ?? null) : null),
    isSingleLocation: runtime.isSingleLocation,
    intl: {
      locale: { short: shortLocale(runtime.locale), long: runtime.locale },
      country: runtime.country,
    },
    betaFeaturesEnabled: runtime.betaFeaturesEnabled,
    templateName: page.templateName ?? DEFAULT_TEMPLATE,
  };
}
