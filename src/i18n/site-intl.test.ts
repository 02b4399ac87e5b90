// The site's intl object: one per catalogue, locale and zone, and a message with plain values
// reads exactly as react-intl formats it, however often it is asked for.
import { createElement, isValidElement } from "react";
import { createIntl } from "react-intl";
import { compileMessages } from "./compile";
import { createSiteIntl } from "./site-intl";
import type { Messages } from "./catalogues";

const text = {
  count: "{count, plural, one {# film} other {# films}} à {place}",
  endsAt: "Fin à {time}",
  at: "{when, time, short}",
  bold: "Voir <b>{title}</b>",
  plain: "Séances",
} as unknown as Messages;
const messages = compileMessages(text, "fr-FR");
const timeZone = "Europe/Paris";
const reference = createIntl({ locale: "fr-FR", defaultLocale: "en-US", messages, timeZone });

describe("createSiteIntl", () => {
  it("gives the same object for the same catalogue, locale and zone, and another for another zone", () => {
    const intl = createSiteIntl({ locale: "fr-FR", messages, timeZone });
    expect(createSiteIntl({ locale: "fr-FR", messages, timeZone })).toBe(intl);
    expect(createSiteIntl({ locale: "fr-FR", messages, timeZone: "America/New_York" })).not.toBe(intl);
    expect(createSiteIntl({ locale: "fr-FR", messages: compileMessages(text, "fr-FR"), timeZone })).not.toBe(intl);
  });

  it.each<[string, Record<string, string | number>]>([
    ["count", { count: 1, place: "Lyon" }],
    ["count", { count: 3, place: "Lyon" }],
    ["count", { count: 3, place: "Nantes" }],
    ["endsAt", { time: "22:10" }],
    ["endsAt", { time: "23:05" }],
    ["at", { when: Date.UTC(2026, 10, 23, 19, 45) }],
    ["plain", {}],
  ])("%s with %j reads as react-intl formats it, asked once or twice", (id, values) => {
    const intl = createSiteIntl({ locale: "fr-FR", messages, timeZone });
    const expected = reference.formatMessage({ id }, values);
    expect(intl.formatMessage({ id: id as never }, values)).toBe(expected);
    expect(intl.formatMessage({ id: id as never }, values)).toBe(expected);
    expect(intl.$t({ id: id as never }, values)).toBe(expected);
  });

  it("formats in the site's zone: 19:45 UTC is 20:45 in Paris", () => {
    const intl = createSiteIntl({ locale: "fr-FR", messages, timeZone });
    expect(intl.formatMessage({ id: "at" as never }, { when: Date.UTC(2026, 10, 23, 19, 45) })).toBe("20:45");
  });

  it("still renders rich text (values that are functions) as elements", () => {
    const intl = createSiteIntl({ locale: "fr-FR", messages, timeZone });
    const values = { title: "Dune", b: (chunks: unknown) => createElement("b", null, chunks as string) };
    const parts = intl.formatMessage({ id: "bold" as never }, values);
    expect(Array.isArray(parts)).toBe(true);
    const [head, element] = parts as unknown as [string, unknown];
    expect(head).toBe("Voir ");
    expect(isValidElement(element)).toBe(true);
  });
});
