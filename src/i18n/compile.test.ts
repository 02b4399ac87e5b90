// Compiled catalogues format exactly as their text does, in both locales, for every message.
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { supportedLocales } from "../config/settings";
import { messagesFor } from "./catalogues";
import { compileMessages } from "./compile";
import { createSiteIntl } from "./site-intl";

/** A value for each argument a message uses: a number where ICU needs one, text otherwise. */
function sampleValues(elements: readonly MessageFormatElement[], into: Record<string, unknown> = {}) {
  for (const el of elements) {
    if (el.type === TYPE.number || el.type === TYPE.plural) into[el.value] = 2;
    else if (el.type === TYPE.date || el.type === TYPE.time) into[el.value] = Date.UTC(2026, 10, 24, 18, 30);
    else if ((el.type === TYPE.argument || el.type === TYPE.select) && !(el.value in into)) into[el.value] = "other";
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) sampleValues(option.value, into);
    if (el.type === TYPE.tag) {
      into[el.value] = (chunks: unknown[]) => `[${chunks.join("")}]`;
      sampleValues(el.children, into);
    }
  }
  return into;
}

describe.each(supportedLocales)("the %s catalogue, compiled at build", (locale) => {
  const text = messagesFor(locale);
  const compiled = compileMessages(text, locale);
  const fromText = createSiteIntl({ locale, messages: text, timeZone: "Europe/Paris" });
  const fromAst = createSiteIntl({ locale, messages: compiled, timeZone: "Europe/Paris" });

  it("has every message, each as an AST", () => {
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(text).sort());
    for (const ast of Object.values(compiled)) expect(Array.isArray(ast)).toBe(true);
  });

  it.each(Object.keys(text) as (keyof typeof text)[])("formats %s as its text does", (id) => {
    const values = sampleValues(compiled[id]);
    const format = (intl: typeof fromText) => {
      const out = intl.formatMessage({ id }, values as Record<string, string>);
      return Array.isArray(out) ? out.join("") : String(out);
    };
    expect(format(fromAst)).toBe(format(fromText));
  });
});

it("a message with a plural and an argument: the same words either way (table)", () => {
  const cases = [
    {
      locale: "en-US",
      text: "{count, plural, one {# film} other {# films}} at {place}",
      values: { count: 1, place: "Lyon" },
      out: "1 film at Lyon",
    },
    {
      locale: "fr-FR",
      text: "{count, plural, one {# film} other {# films}} à {place}",
      values: { count: 3, place: "Lyon" },
      out: "3 films à Lyon",
    },
    { locale: "en-US", text: "It''s '{'literal'}'", values: {}, out: "It's {literal}" },
  ] as const;
  for (const { locale, text, values, out } of cases) {
    const messages = { probe: text } as unknown as Parameters<typeof compileMessages>[0];
    const intl = createSiteIntl({ locale, messages: compileMessages(messages, locale) });
    expect(intl.formatMessage({ id: "probe" as never }, values)).toBe(out);
  }
});
