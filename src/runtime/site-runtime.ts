// The site runtime: the site-wide data every page reads (one static query, fetched once per visit;
// src/runtime/SiteRuntime.tsx). Its basics, made from the site's config alone, are declared here.
// Each feature declares the part it owns beside its own types, by augmenting this interface
// (`declare module "…/runtime/site-runtime"`: ads, links, member, theme, tracking), so features
// depend on the runtime and the runtime on no feature; the site model (src/site/model.ts), which
// builds the object, must fill every part, or the type check fails.
import type { Country } from "../config/common";
import type { PagesFile } from "../config/pages";
import type { SiteLocale, SiteSettings } from "../config/settings";
import type { TheaterConfig } from "../config/theaters";
import type { SiteThemeConfig } from "../config/theme";

/** A theater as every page knows it (the full record is the catalogue's Theater). */
export type RuntimeTheater = Pick<TheaterConfig, "id" | "name" | "address" | "openingHours"> & {
  path: string | null;
  timeZone: string;
  /** The provider's boxofficeCinemaId (favourite cinemas, spec §3). */
  theaterCode: string;
  phone: string | null;
};

export interface SiteRuntime {
  siteId: string;
  name: string;
  domain: string;
  logo: { src: string; alt: string; width: number; height: number };
  locale: SiteLocale;
  country: Country;
  timeZone: string;
  /** Minutes after its start a show is still offered, labelled "started" (settings.json, issue 42). */
  bookableAfterStartMinutes: number;
  isSingleLocation: boolean;
  circuit: { id: string; name: string } | null;
  ticketingUrl: string;
  loginPageSlug: string;
  privacyPolicyPageSlug: string;
  /** The terms of use sign-up asks the member to accept; "" when the site names none. */
  termsPageSlug: string;
  betaFeaturesEnabled: boolean;
  theme: SiteThemeConfig;
  navigation: PagesFile["navigation"];
  theaters: RuntimeTheater[];
  redirects: SiteSettings["redirects"];
  /**
   * Who may frame the site (spec §1): the point-of-sale hosts (settings.allowedEmbeddingDomains)
   * and the site-builder editors (deploy setting EDITOR_ORIGINS), as normalised origins. The
   * browser posts the editor lifecycle and the booking hand-off only to these.
   */
  embedding: { allowedEmbeddingDomains: string[]; editorOrigins: string[] };
}
