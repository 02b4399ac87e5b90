import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { Messages } from "./catalogues";
import type { CompiledMessages } from "./compile";

/**
 * One formatter cache for every page of the process. An `<IntlProvider>` makes a cache of its own,
 * so each page rendered parsed every message it formats again: at build time that was every page
 * of the site (issue 19, the HTML step), and in the browser every navigation. Formatters are keyed
 * by message text, locale and options, so sharing them changes no output.
 */
const sharedCache = createIntlCache();

/** The site's pages get the catalogue compiled at build (compile.ts); tests may give its text. */
export type SiteIntlConfig = { locale: string; messages: Messages | CompiledMessages; timeZone?: string };

export function createSiteIntl({ locale, messages, timeZone }: SiteIntlConfig): IntlShape {
  return createIntl({ locale, defaultLocale: "en-US", messages, ...(timeZone ? { timeZone } : {}) }, sharedCache);
}
