// The catalogue compiled at build: every message as an AST (that each formats as its text does is
// checked over both whole catalogues in catalogues.test.ts), and the ICU syntax read the same way.
import { supportedLocales } from "../config/settings";
import { messagesFor } from "./catalogues";
import { compileMessages } from "./compile";
import { createSiteIntl } from "./site-intl";

it.each(supportedLocales)("the %s catalogue compiles to an AST per message", (locale) => {
  const text = messagesFor(locale);
  const compiled = compileMessages(text, locale);
  expect(Object.keys(compiled).sort()).toEqual(Object.keys(text).sort());
  for (const ast of Object.values(compiled)) expect(Array.isArray(ast)).toBe(true);
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
