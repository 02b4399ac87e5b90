import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { Messages } from "./catalogues";
import type { CompiledMessages } from "./compile";
import { boundedMemo } from "../lib/bounded-memo";

/**
 * One formatter cache for every page of the process. An `<IntlProvider>` makes a cache of its own,
 * so each page rendered parsed every message it formats again: at build time that was every page
 * of the site (issue 19, the HTML step), and in the browser every navigation. Formatters are keyed
 * by message text, locale and options, so sharing them changes no output.
 */
const sharedCache = createIntlCache();

/** The site's pages get the catalogue compiled at build (compile.ts); tests may give its text. */
export type SiteIntlConfig = { locale: string; messages: Messages | CompiledMessages; timeZone?: string };

/** One intl object per catalogue, locale and zone: every page of a build renders with the same one. */
const intlByCatalogue = new WeakMap<Messages | CompiledMessages, Map<string, IntlShape>>();

export function createSiteIntl({ locale, messages, timeZone }: SiteIntlConfig): IntlShape {
  let byLocale = intlByCatalogue.get(messages);
  if (!byLocale) intlByCatalogue.set(messages, (byLocale = new Map()));
  const key = `${locale}|${timeZone ?? ""}`;
  let intl = byLocale.get(key);
  if (!intl) {
    intl = withRememberedMessages(
      createIntl({ locale, defaultLocale: "en-US", messages, ...(timeZone ? { timeZone } : {}) }, sharedCache),
    );
    byLocale.set(key, intl);
  }
  return intl;
}

type PlainValues = Record<string, string | number>;
const isPlain = (values: object): values is PlainValues =>
  Object.values(values).every((v) => typeof v === "string" || typeof v === "number");

/**
 * A message with arguments costs react-intl a deep merge of its formats and a JSON key of message,
 * formats and options on every call, even when the formatter is cached: a film page's showtimes
 * ("Ends at 22:10", "Add the 20:30 show of Monday 23 November to my calendar") were a sixth of
 * the HTML step (issue 19). The same message with the same plain values always reads the same, so
 * its text is kept; values holding elements or functions (rich text) take react-intl's path.
 */
function withRememberedMessages(intl: IntlShape): IntlShape {
  const format = intl.formatMessage;
  const remembered = boundedMemo<string>(10_000);
  const formatMessage = ((descriptor, values, options) => {
    if (!values || options || descriptor.defaultMessage !== undefined || !isPlain(values))
      return format(descriptor, values as never, options);
    return remembered(`${String(descriptor.id)}\u0000${JSON.stringify(values)}`, () =>
      format(descriptor, values, options),
    );
  }) as IntlShape["formatMessage"];
  return Object.assign(intl, { formatMessage, $t: formatMessage });
}
