// Build side: the site's catalogue parsed to ICU message ASTs once, at build. react-intl formats an
// AST as it is, so the browser parses no message while it hydrates, and it ships without the
// parser at all: gatsby-node points @formatjs/icu-messageformat-parser at the package's no-parser
// build for the browser bundle (formatjs's "pre-compiled messages" set-up).
import { parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { SiteLocale } from "../config/settings";
import type { Messages } from "./catalogues";
import type { MessageId } from "./en-US";

export type CompiledMessages = Record<MessageId, MessageFormatElement[]>;

/** The module the browser bundle gets instead of the parser (its `parse` throws). */
export const PARSER_MODULE = "@formatjs/icu-messageformat-parser";
export const NO_PARSER_MODULE = "@formatjs/icu-messageformat-parser/lib/no-parser.js";

export function compileMessages(messages: Messages, locale: SiteLocale): CompiledMessages {
  // The locale, as IntlMessageFormat gives it when it parses: it decides the hour cycle of `j`
  // skeletons.
  const options = { locale: new Intl.Locale(locale) };
  return Object.fromEntries(
    Object.entries(messages).map(([id, text]) => [id, parse(text, options)]),
  ) as CompiledMessages;
}
