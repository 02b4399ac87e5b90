import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { supportedLocales, type SiteLocale } from "../config/settings";
import { messagesFor, shortLocale, type Messages } from "./catalogues";
import { compileMessages } from "./compile";
import { enUS, type MessageId } from "./en-US";
import { frFR } from "./fr-FR";
import { createSiteIntl } from "./site-intl";
import { itReturns } from "../test/tables";

type ArgKind = "number" | "string";

/** Every argument a message uses, and whether it needs a number (plural/select-ordinal/number) or a string. */
function argumentsOf(
  elements: readonly MessageFormatElement[],
  into = new Map<string, ArgKind>(),
): Map<string, ArgKind> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
        if (!into.has(el.value)) into.set(el.value, "string");
        break;
      case TYPE.number:
      case TYPE.plural:
        into.set(el.value, "number");
        break;
      case TYPE.select:
        if (!into.has(el.value)) into.set(el.value, "string");
        break;
      default:
        break;
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

const catalogues: [SiteLocale, Messages][] = [
  ["en-US", enUS],
  ["fr-FR", frFR],
];
const ids = Object.keys(enUS) as MessageId[];
const rows = catalogues.flatMap(([locale, messages]) => ids.map((id) => [locale, id, messages[id]] as const));

/** Formats to plain text; a message that yields anything but one string is a failure. */
function formatText(message: string, locale: string, values: Record<string, string | number>): string {
  const out: unknown = new IntlMessageFormat(message, locale).format(values);
  if (typeof out !== "string") throw new Error(`expected plain text from ${JSON.stringify(message)}`);
  return out;
}

const SAMPLE_STRING = (name: string) => `«${name}-sample»`;

describe("message catalogues", () => {
  it("the fr-FR catalogue has exactly the en-US keys", () => {
    expect(Object.keys(frFR).sort()).toEqual(Object.keys(enUS).sort());
  });

  it("there is a catalogue for every supported locale, served by messagesFor", () => {
    expect(catalogues.map(([locale]) => locale).sort()).toEqual([...supportedLocales].sort());
    expect(messagesFor("en-US")).toBe(enUS);
    expect(messagesFor("fr-FR")).toBe(frFR);
  });

  // One check over the whole catalogue, naming every message that fails it: a row per message
  // (thousands) told nothing more, and the ids themselves are typed.
  const failing = (check: (locale: SiteLocale, id: MessageId, message: string) => void): string[] =>
    rows.flatMap(([locale, id, message]) => {
      try {
        check(locale, id, message);
        return [];
      } catch (error) {
        return [`${locale} ${id}: ${(error as Error).message.split("\n")[0]}`];
      }
    });

  it("no message is empty", () => {
    expect(rows.filter(([, , message]) => message.trim() === "").map(([locale, id]) => `${locale} ${id}`)).toEqual([]);
  });

  it("every message parses as ICU MessageFormat", () => {
    expect(failing((locale, _id, message) => new IntlMessageFormat(message, locale))).toEqual([]);
  });

  it("every message uses the same placeholders in fr-FR as in en-US", () => {
    const differing = ids.filter((id) => {
      const en = Object.fromEntries(argumentsOf(parse(enUS[id])));
      const fr = Object.fromEntries(argumentsOf(parse(frFR[id])));
      return JSON.stringify(Object.entries(en).sort()) !== JSON.stringify(Object.entries(fr).sort());
    });
    expect(differing).toEqual([]);
  });

  it("every message formats with sample values, leaving no placeholder and showing every string argument", () => {
    const problems = failing((locale, _id, message) => {
      const args = argumentsOf(parse(message));
      for (const count of [0, 1, 2, 5]) {
        const values = Object.fromEntries(
          [...args].map(([name, kind]) => [name, kind === "number" ? count : SAMPLE_STRING(name)]),
        );
        const out = formatText(message, locale, values);
        if (/[{}]/.test(out)) throw new Error(`placeholder left in ${JSON.stringify(out)}`);
        if (count === 5)
          for (const [name, kind] of args)
            if (kind === "string" && !out.includes(SAMPLE_STRING(name))) throw new Error(`{${name}} missing`);
      }
    });
    expect(problems).toEqual([]);
  });

  it("every message formats the same compiled at build (src/i18n/compile.ts) as from its text", () => {
    const intl = (locale: SiteLocale, messages: Parameters<typeof createSiteIntl>[0]["messages"]) =>
      createSiteIntl({ locale, messages, timeZone: "Europe/Paris" });
    const both = new Map(
      catalogues.map(([locale, messages]) => [
        locale,
        { text: intl(locale, messages), compiled: intl(locale, compileMessages(messages, locale)) },
      ]),
    );
    const problems = failing((locale, id, message) => {
      const values = Object.fromEntries(
        [...argumentsOf(parse(message))].map(([name, kind]) => [name, kind === "number" ? 2 : SAMPLE_STRING(name)]),
      );
      const { text, compiled } = both.get(locale)!;
      const [fromText, fromAst] = [text, compiled].map((i) => i.formatMessage({ id }, values));
      if (fromAst !== fromText) throw new Error(`${JSON.stringify(fromAst)} instead of ${JSON.stringify(fromText)}`);
    });
    expect(problems).toEqual([]);
  });

  it.each<[SiteLocale, MessageId, Record<string, string | number>, string]>([
    ["en-US", "films.count", { count: 0 }, "0 movies"],
    ["en-US", "films.count", { count: 1 }, "1 movie"],
    ["en-US", "films.count", { count: 2 }, "2 movies"],
    // French uses the singular for zero and one.
    ["fr-FR", "films.count", { count: 0 }, "0 film"],
    ["fr-FR", "films.count", { count: 1 }, "1 film"],
    ["fr-FR", "films.count", { count: 2 }, "2 films"],
    ["en-US", "films.searchResults", { count: 0, query: "orbit" }, "No movie matches “orbit”"],
    ["fr-FR", "films.searchResults", { count: 3, query: "orbite" }, "3 films correspondent à « orbite »"],
    ["en-US", "theater.screens", { count: 12 }, "12 screens"],
    ["fr-FR", "theater.screens", { count: 1 }, "1 salle"],
    ["en-US", "layout.copyright", { year: 2026, siteName: "Starlight Cinemas" }, "© 2026 Starlight Cinemas"],
    ["fr-FR", "film.posterAlt", { title: "Reine de cœur" }, "Affiche de Reine de cœur"],
  ])("%s %s with %j reads %j", (locale, id, values, expected) => {
    expect(formatText(messagesFor(locale)[id], locale, values)).toBe(expected);
  });

  it("formats numbers the locale's way", () => {
    expect(formatText(frFR["films.count"], "fr-FR", { count: 1234 })).toMatch(/^1\s234 films$/u);
    expect(formatText(enUS["films.count"], "en-US", { count: 1234 })).toBe("1,234 movies");
  });
});

describe("shortLocale", () => {
  itReturns(
    shortLocale,
    [
      ["fr-FR", "fr"],
      ["en-US", "en"],
      ["EN-gb", "en"],
      ["de", "de"],
    ],
    "%s → %s",
  );
});
