import { calendarFile, calendarFileName, foldContentLines, type CalendarShowtime } from "./calendar";

const input: CalendarShowtime = {
  showtime: {
    perfCode: "LUM01-20261123-2045-1000021001-Salle1",
    startsAt: "2026-11-23T19:45:00.000Z",
    screen: "Salle 1",
    bookingUrl:
      "https://billetterie.example.fr/websales/sales/LUM01/book?perfcode=LUM01-20261123-2045-1000021001-Salle1",
  },
  filmTitle: "Le Dernier Été, suite; fin",
  runtimeMinutes: 128,
  theater: { name: "Cinéma Lumière", address: "12 rue Royale, 74000 Annecy", theaterCode: "LUM01" },
  domain: "www.cinema-lumiere.fr",
  description: "Version originale · Salle 1",
  filmUrl: "https://www.cinema-lumiere.fr/films/le-dernier-ete/",
};

/** RFC 5545 §3.1: long lines are folded with CRLF + one space; unfold before reading. */
function unfold(text: string): string {
  return text.replace(/\r\n[ \t]/g, "");
}

function property(text: string, name: string): string | undefined {
  return unfold(text)
    .split("\r\n")
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
}

describe("an .ics file for one showtime (RFC 5545)", () => {
  let text: string;
  beforeAll(async () => {
    text = await calendarFile(input);
  });

  it("is one VEVENT inside a VCALENDAR, lines ending in CRLF", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text).toContain("VERSION:2.0\r\n");
    expect(text).toMatch(/PRODID:.+\r\n/);
    expect(unfold(text).match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    // No line longer than 75 octets (§3.1).
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it.each([
    ["UID", "UID:LUM01-LUM01-20261123-2045-1000021001-Salle1@www.cinema-lumiere.fr"],
    ["DTSTART", "DTSTART:20261123T194500Z"],
    ["SUMMARY", "SUMMARY:Le Dernier Été\\, suite\\; fin"],
    ["LOCATION", "LOCATION:Cinéma Lumière\\, 12 rue Royale\\, 74000 Annecy"],
    ["DURATION", "DURATION:PT2H8M"],
    // The details, then the film's page on a line of its own.
    ["DESCRIPTION", "DESCRIPTION:Version originale · Salle 1\\nhttps://www.cinema-lumiere.fr/films/le-dernier-ete/"],
    [
      "URL",
      "URL:https://billetterie.example.fr/websales/sales/LUM01/book?perfcode=LUM01-20261123-2045-1000021001-Salle1",
    ],
  ])("%s", (name, expected) => {
    expect(property(text, name)).toBe(expected);
  });

  it("has a DTSTAMP in UTC", () => {
    expect(property(text, "DTSTAMP")).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it("an unknown runtime still gives the event an end", async () => {
    const file = await calendarFile({ ...input, runtimeMinutes: null });
    expect(property(file, "DURATION")).toBe("DURATION:PT2H");
  });
});

describe("calendarFileName", () => {
  it.each([
    ["Le Dernier Été", "2026-11-23T19:45:00.000Z", "le-dernier-ete-2026-11-23.ics"],
    ["???", "2026-11-23T19:45:00.000Z", "showtime-2026-11-23.ics"],
  ])("%s → %s", (title, startsAt, expected) => {
    expect(calendarFileName(title, startsAt)).toBe(expected);
  });
});

describe("foldContentLines (RFC 5545 §3.1: 75 octets a line, folded with CRLF and a space)", () => {
  it.each([
    ["a short line stays", "SUMMARY:Orbite", "SUMMARY:Orbite"],
    ["75 octets stay on one line", `X:${"a".repeat(73)}`, `X:${"a".repeat(73)}`],
    ["76 octets fold after 75", `X:${"a".repeat(74)}`, `X:${"a".repeat(73)}\r\n a`],
    // "é" is two octets: it moves whole to the next line rather than being cut.
    ["a two-octet character is never cut", `X:${"a".repeat(72)}é`, `X:${"a".repeat(72)}\r\n é`],
    ["an earlier fold is undone first", "X:ab\r\n cd", "X:abcd"],
  ])("%s", (_, input, expected) => {
    const folded = foldContentLines(input);
    expect(folded).toBe(expected);
    for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
