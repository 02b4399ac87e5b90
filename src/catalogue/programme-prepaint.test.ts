/**
 * @jest-environment jsdom
 */
// The pre-paint rule as the browser applies it: selectors matched by the DOM, the script run by a
// parser-inserted <script> with the visitor's clock.
import fc from "fast-check";
import { itReturnsPerCase } from "../test/tables";
import { zonedTimeToUtc } from "./dates";
import {
  epochMinute,
  firstOfferedMinute,
  lessThanSelectors,
  LAST_START_MINUTE_ATTRIBUTE,
  OFFERED_AFTER_START_ATTRIBUTE,
  programmePrepaintScript,
  prepaintRule,
} from "./programme-prepaint";
import { isBookable, offeredAfterStartMs } from "./schedule";

const ZONE = "Europe/Paris";
const at = (day: string, time: string) => zonedTimeToUtc(day, time, ZONE).getTime();
const startsAt = (day: string, time: string) => new Date(at(day, time)).toISOString();

/** An element carrying a last start, matched against the rule's selectors as a browser would. */
function hiddenBy(selectors: readonly string[], minute: number | string): boolean {
  const li = document.createElement("li");
  li.setAttribute(LAST_START_MINUTE_ATTRIBUTE, String(minute));
  return selectors.length > 0 && li.matches(selectors.join(","));
}

describe("lessThanSelectors: a value of as many digits as the limit, less than it", () => {
  itReturnsPerCase(
    ([limit, value]: readonly [number, number]) =>
      hiddenBy(lessThanSelectors(LAST_START_MINUTE_ATTRIBUTE, limit), value),
    [
      ["one less", [29_440_203, 29_440_202], true],
      ["equal", [29_440_203, 29_440_203], false],
      ["one more", [29_440_203, 29_440_204], false],
      ["across a ten", [29_440_210, 29_440_209], true],
      ["a smaller first digit", [29_440_203, 19_999_999], true],
      ["a larger middle digit", [29_440_203, 29_450_000], false],
      ["a limit ending in zeros", [29_440_000, 29_439_999], true],
      ["the same, equal", [29_440_000, 29_440_000], false],
    ],
  );

  it("agrees with < for any two 8-digit values", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000_000, max: 99_999_999 }),
        fc.integer({ min: 10_000_000, max: 99_999_999 }),
        (limit, value) => {
          expect(hiddenBy(lessThanSelectors(LAST_START_MINUTE_ATTRIBUTE, limit), value)).toBe(value < limit);
        },
      ),
    );
  });
});

describe("firstOfferedMinute: a show is hidden exactly when the programme no longer offers it", () => {
  const show = startsAt("2026-11-28", "21:30");
  itReturnsPerCase(
    ([now, grace]: readonly [number, number]) => epochMinute(show) < firstOfferedMinute(now, grace),
    [
      ["before its start", [at("2026-11-28", "21:29"), 10], false],
      ["at its start, no grace", [at("2026-11-28", "21:30"), 0], false],
      ["the end of its starting minute, no grace", [at("2026-11-28", "21:30") + 59_999, 0], false],
      ["the next minute, no grace", [at("2026-11-28", "21:31"), 0], true],
      ["ten minutes in, grace 10", [at("2026-11-28", "21:40") + 59_999, 10], false],
      ["eleven minutes in, grace 10", [at("2026-11-28", "21:41"), 10], true],
      ["after midnight, grace 30", [at("2026-11-29", "00:05"), 30], true],
    ],
  );

  it("agrees with isBookable for any clock and grace", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -120, max: 120 }),
        fc.integer({ min: 0, max: 59_999 }),
        fc.integer({ min: 0, max: 30 }),
        (minutes, ms, grace) => {
          const now = Date.parse(show) + minutes * 60_000 + ms;
          expect(epochMinute(show) < firstOfferedMinute(now, grace)).toBe(!isBookable({ startsAt: show }, now, grace));
        },
      ),
    );
  });
});

describe("the script, run by the parser with the visitor's clock", () => {
  afterEach(() => {
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    jest.restoreAllMocks();
  });

  /** The programme's section with the script first, parsed; the rule it appended to the head. */
  function runAt(now: number, grace: number, text = programmePrepaintScript(false)): string | null {
    jest.spyOn(Date, "now").mockReturnValue(now);
    const section = document.createElement("section");
    section.setAttribute(OFFERED_AFTER_START_ATTRIBUTE, String(offeredAfterStartMs(grace)));
    document.body.append(section);
    // innerHTML does not run scripts; an inserted <script> element does, as the parser's would.
    const script = document.createElement("script");
    script.textContent = text;
    section.append(script);
    return document.head.querySelector("style")?.textContent ?? null;
  }

  it.each([
    ["midday, grace 10", at("2026-11-28", "12:00") + 12_345, 10],
    ["21:45, no grace", at("2026-11-28", "21:45"), 0],
    ["just after midnight, grace 30", at("2026-11-29", "00:01") + 59_999, 30],
  ])("at %s it appends the rule prepaintRule gives", (_, now, grace) => {
    expect(runAt(now, grace)).toBe(prepaintRule(now, grace));
    document.head.innerHTML = "";
    // The schedule page's script, its day not yet over (no next day's page named): the same rule.
    expect(runAt(now, grace, programmePrepaintScript(true))).toBe(prepaintRule(now, grace));
  });

  it("hides a film and its shows gone at the visitor's clock, and keeps those still offered", () => {
    runAt(at("2026-11-28", "14:05"), 10);
    document.body.insertAdjacentHTML(
      "beforeend",
      [
        ["10:30", "13:50"],
        ["13:50", "21:00"],
        ["14:00", "16:00"],
      ]
        .map(
          ([first, last]) =>
            `<div class="film" ${LAST_START_MINUTE_ATTRIBUTE}="${epochMinute(startsAt("2026-11-28", last!))}">` +
            `<ul><li ${LAST_START_MINUTE_ATTRIBUTE}="${epochMinute(startsAt("2026-11-28", first!))}">${first}</li></ul></div>`,
        )
        .join(""),
    );
    const shown = (el: Element) => getComputedStyle(el).display !== "none";
    expect([...document.querySelectorAll(".film")].map(shown)).toEqual([false, true, true]);
    expect([...document.querySelectorAll("li")].map(shown)).toEqual([false, false, true]);
  });
});
