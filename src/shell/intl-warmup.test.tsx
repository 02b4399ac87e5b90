import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { INTL_WARMUP_WORKER_PATH } from "../lib/paths";
import { INTL_WARMUP_SCRIPT, INTL_WARMUP_TIME_ZONE_ATTRIBUTE } from "./intl-warmup";

const WORKER_SOURCE = readFileSync(path.join(__dirname, "../../static", INTL_WARMUP_WORKER_PATH), "utf8");

/** Runs the head's script as the parser would: an inline script in the document, with its attribute. */
function runHeadScript(timeZone: string): void {
  const script = document.createElement("script");
  script.setAttribute(INTL_WARMUP_TIME_ZONE_ATTRIBUTE, timeZone);
  script.textContent = INTL_WARMUP_SCRIPT;
  document.head.append(script);
}

describe("the head's script starts the Intl worker", () => {
  const started: { url: string; messages: unknown[] }[] = [];
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error);
  const realWorker = (window as { Worker?: unknown }).Worker;

  beforeEach(() => {
    started.length = 0;
    errors.length = 0;
    window.addEventListener("error", onError);
  });
  afterEach(() => {
    window.removeEventListener("error", onError);
    (window as { Worker?: unknown }).Worker = realWorker;
    document.head.replaceChildren();
  });

  it.each([
    ["fr-FR", "Europe/Paris"],
    ["en-US", "America/Chicago"],
  ])("on a %s site in %s, it hands the worker the page's language and the site's zone", (lang, timeZone) => {
    (window as { Worker?: unknown }).Worker = class {
      private readonly record: { url: string; messages: unknown[] };
      constructor(url: string) {
        this.record = { url, messages: [] };
        started.push(this.record);
      }
      postMessage(message: unknown) {
        this.record.messages.push(message);
      }
    };
    document.documentElement.lang = lang;
    runHeadScript(timeZone);
    expect(started).toEqual([{ url: "/intl-warmup.js", messages: [[lang, timeZone]] }]);
    expect(errors).toEqual([]);
  });

  it.each([
    ["a browser without workers", undefined],
    [
      "a policy that refuses the worker",
      class {
        constructor() {
          throw new DOMException("Refused by worker-src", "SecurityError");
        }
      },
    ],
  ])("in %s, the page goes on without it: nothing is thrown", (_, worker) => {
    (window as { Worker?: unknown }).Worker = worker;
    runHeadScript("Europe/Paris");
    expect(errors).toEqual([]);
  });
});

describe("the Intl worker (static/intl-warmup.js)", () => {
  type Use = [kind: string, locale: string | undefined, timeZone?: string];

  /** Runs the worker's source in a scope of its own, with an Intl that records what it is asked for. */
  function runWorker(data: unknown) {
    const uses: Use[] = [];
    const recording = (kind: "DateTimeFormat" | "NumberFormat" | "PluralRules") =>
      function (locale?: string, options?: { timeZone?: string }) {
        uses.push(kind === "DateTimeFormat" ? [kind, locale, options?.timeZone] : [kind, locale]);
        return new (Intl[kind] as new (locale?: string, options?: object) => object)(locale, options);
      };
    const scope = {
      Intl: {
        DateTimeFormat: recording("DateTimeFormat"),
        NumberFormat: recording("NumberFormat"),
        PluralRules: recording("PluralRules"),
      },
      closed: false,
      close() {
        scope.closed = true;
      },
      onmessage: null as null | ((event: { data: unknown }) => void),
    };
    vm.runInNewContext(WORKER_SOURCE, { self: scope, Intl: scope.Intl });
    scope.onmessage!({ data });
    return { uses, closed: scope.closed };
  }

  it.each<[string, unknown, Use[]]>([
    [
      "the French site: its dates and times in its zone, its numbers and plural rules",
      ["fr-FR", "Europe/Paris"],
      [
        ["DateTimeFormat", "fr-FR", "Europe/Paris"],
        ["NumberFormat", "fr-FR"],
        ["PluralRules", "fr-FR"],
      ],
    ],
    [
      "the US circuit",
      ["en-US", "America/Chicago"],
      [
        ["DateTimeFormat", "en-US", "America/Chicago"],
        ["NumberFormat", "en-US"],
        ["PluralRules", "en-US"],
      ],
    ],
    [
      "a zone the browser does not know: the locale's dates without it",
      ["fr-FR", "Mars/Olympus_Mons"],
      [
        ["DateTimeFormat", "fr-FR", "Mars/Olympus_Mons"],
        ["DateTimeFormat", "fr-FR", undefined],
        ["NumberFormat", "fr-FR"],
        ["PluralRules", "fr-FR"],
      ],
    ],
    [
      "no language and no zone: the browser's own",
      ["", ""],
      [
        ["DateTimeFormat", undefined, undefined],
        ["NumberFormat", undefined],
        ["PluralRules", undefined],
      ],
    ],
  ])("%s, then it ends", (_, data, expected) => {
    expect(runWorker(data)).toEqual({ uses: expected, closed: true });
  });

  it("a language the browser refuses stops the warm-up, not the worker: it ends without an error", () => {
    expect(runWorker(["not a language!", "Europe/Paris"])).toEqual({
      uses: [
        ["DateTimeFormat", "not a language!", "Europe/Paris"],
        ["DateTimeFormat", "not a language!", undefined],
      ],
      closed: true,
    });
  });
});
