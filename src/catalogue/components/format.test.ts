import { createIntl } from "react-intl";
import { programmeMessagesEnUS } from "../i18n/en-US";
import { programmeMessagesFrFR } from "../i18n/fr-FR";
import { versionOf } from "../schedule";
import type { FilmAttributeKey } from "../../config/catalogue";
import { formatDay, formatDayLabel, formatDuration, formatShowtime, timeInVersion } from "./format";

// Issue 18: a running time reads in the locale's own units (Intl.DurationFormat's "short" style),
// not "2h12min". Spaces inside a unit are the locale's non-breaking ones, so the test folds them.
const folded = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatDuration", () => {
  it.each<[string, number, string]>([
    ["fr-FR", 132, "2 h 12 min"],
    ["fr-FR", 120, "2 h"],
    ["fr-FR", 45, "45 min"],
    ["fr-FR", 61, "1 h 1 min"],
    ["en-US", 132, "2 hr 12 min"],
    ["en-US", 120, "2 hr"],
    ["en-US", 45, "45 min"],
    ["en-US", 0, "0 min"],
  ])("%s: %i minutes read %j", (locale, minutes, expected) => {
    expect(folded(formatDuration(locale, minutes))).toBe(expected);
  });

  it("keeps a unit with its number on one line (no plain space inside a unit)", () => {
    const text = formatDuration("fr-FR", 132);
    expect(text.split(" ")).toHaveLength(2);
  });
});

const intlFor = (locale: string) => createIntl({ locale, messages: {} });

describe("formatShowtime", () => {
  // The theater's wall clock, whatever the machine's zone; the same instant read twice gives the same label.
  it.each<[string, string, string, string]>([
    ["fr-FR", "2026-11-23T19:45:00.000Z", "Europe/Paris", "20:45"],
    ["fr-FR", "2026-07-01T12:00:00.000Z", "Europe/Paris", "14:00"],
    ["en-US", "2026-11-23T18:00:00.000Z", "America/New_York", "1:00 PM"],
    ["en-US", "2026-11-23T18:00:00.000Z", "America/Los_Angeles", "10:00 AM"],
    ["en-US", "2026-11-24T04:30:00.000Z", "America/New_York", "11:30 PM"],
  ])("%s %s in %s reads %j", (locale, startsAt, timeZone, expected) => {
    const intl = intlFor(locale);
    expect(folded(formatShowtime(intl, startsAt, timeZone))).toBe(expected);
    expect(folded(formatShowtime(intl, startsAt, timeZone))).toBe(expected);
  });
});

describe("formatDay", () => {
  it.each<[string, string, "long" | "short", string]>([
    ["fr-FR", "2026-12-01", "long", "mardi 1er décembre"],
    ["fr-FR", "2026-11-23", "long", "lundi 23 novembre"],
    ["fr-FR", "2026-11-23", "short", "lun. 23 nov."],
    ["en-US", "2026-12-01", "long", "Tuesday, December 1"],
    ["en-US", "2026-11-23", "short", "Mon, Nov 23"],
  ])("%s %s (%s) reads %j", (locale, date, style, expected) => {
    expect(folded(formatDay(intlFor(locale), date, style))).toBe(expected);
  });
});

describe("formatDayLabel: the day the home page's next showtimes name (issue 42)", () => {
  const messages = { "fr-FR": programmeMessagesFrFR, "en-US": programmeMessagesEnUS } as const;
  it.each<["fr-FR" | "en-US", string, string, string]>([
    ["fr-FR", "2026-11-28", "2026-11-28", "Aujourd'hui"],
    ["fr-FR", "2026-11-29", "2026-11-28", "Demain"],
    ["fr-FR", "2026-11-29", "2026-11-27", "Dimanche 29 nov."],
    ["fr-FR", "2027-01-01", "2026-12-31", "Demain"],
    ["en-US", "2026-11-28", "2026-11-28", "Today"],
    ["en-US", "2026-11-29", "2026-11-28", "Tomorrow"],
    ["en-US", "2026-11-29", "2026-11-27", "Sunday, Nov 29"],
  ])("%s %s, today %s, reads %j", (locale, date, today, expected) => {
    const intl = createIntl({ locale, messages: messages[locale] });
    expect(folded(formatDayLabel(intl, date, today))).toBe(expected);
  });
});

describe("timeInVersion: a show's time with its version, as a sentence or a button names it (issue 45)", () => {
  const messages = { "fr-FR": programmeMessagesFrFR, "en-US": programmeMessagesEnUS } as const;
  // From the show's attribute keys, as every caller gets its version (versionOf).
  it.each<["fr-FR" | "en-US", string, FilmAttributeKey[], string]>([
    ["fr-FR", "18:15", ["Format.Sound.Dubbed"], "18:15 en VF"],
    ["fr-FR", "18:15", ["Localization.Version.Original"], "18:15 en VO"],
    ["fr-FR", "18:15", ["Localization.Version.Original", "Localization.Subtitles"], "18:15 en VOST"],
    // Subtitles for the deaf and hard of hearing (SME) are no version: a VO with them stays VO.
    ["fr-FR", "18:15", ["Localization.Version.Original", "Accessibility.Subtitles.HardOfHearing"], "18:15 en VO"],
    ["fr-FR", "18:15", ["Format.Picture.3D", "Format.Sound.Dubbed"], "18:15 en VF"],
    ["fr-FR", "18:15", [], "18:15"],
    ["fr-FR", "18:15", ["Format.Picture.IMAX", "Accessibility.AudioDescription"], "18:15"],
    ["en-US", "6:15 PM", ["Format.Sound.Dubbed"], "6:15 PM (Dubbed)"],
    ["en-US", "6:15 PM", ["Localization.Version.Original"], "6:15 PM (Original version)"],
    [
      "en-US",
      "6:15 PM",
      ["Localization.Version.Original", "Localization.Subtitles"],
      "6:15 PM (Original with subtitles)",
    ],
    ["en-US", "6:15 PM", [], "6:15 PM"],
  ])("%s %s with %j reads %j", (locale, time, attributes, expected) => {
    const intl = createIntl({ locale, messages: messages[locale] });
    expect(timeInVersion(intl, time, versionOf(attributes))).toBe(expected);
  });
});
