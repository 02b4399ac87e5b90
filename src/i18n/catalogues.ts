import type { SiteLocale } from "../config/settings";
import { enUS, type MessageId } from "./en-US";
import { frFR } from "./fr-FR";

export type Messages = Record<MessageId, string>;

const catalogues: Record<SiteLocale, Messages> = { "en-US": enUS, "fr-FR": frFR };

/** Node/build side: the catalogue a site's pages carry in their page context. */
export function messagesFor(locale: SiteLocale): Messages {
  return catalogues[locale];
}

/** "fr-FR" → "fr". */
export function shortLocale(locale: string): string {
  return locale.split("-")[0]!.toLowerCase();
}
