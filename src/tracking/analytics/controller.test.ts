import { createAnalyticsController, type AnalyticsFactory, type CreatedAnalytics } from "./controller";
import type { AnalyticsSink } from "./events";
import { expectNothingPlanted, PLANTED_ADDRESSES } from "../../test/planted-secrets";

/** A fake analytics library that writes down every call, in order. */
function fakeLibrary() {
  const calls: string[] = [];
  let count = 0;
  const create: AnalyticsFactory = ({ enabled }) => {
    count += 1;
    const name = `instance ${count}`;
    calls.push(`create ${name} (plugins ${enabled ? "enabled" : "disabled"})`);
    const created: CreatedAnalytics = {
      instance: {
        page: (data) => calls.push(`${name}: page ${String(data?.path)}`),
        track: (event, properties) => calls.push(`${name}: track ${event} ${JSON.stringify(properties)}`),
        plugins: { disable: (plugins) => calls.push(`${name}: disable ${plugins.join(", ")}`) },
      },
      pluginNames: ["google-analytics"],
      optOut: () => calls.push(`${name}: opt out`),
    };
    return created;
  };
  return { calls, create };
}

function setUp(path = "/films/") {
  const library = fakeLibrary();
  const sinks: (AnalyticsSink | null)[] = [];
  const controller = createAnalyticsController({
    create: library.create,
    currentPath: () => path,
    install: (sink) => {
      sinks.push(sink);
      library.calls.push("install sink");
    },
  });
  return { controller, calls: library.calls, sink: () => sinks.at(-1)! };
}

describe("analytics controller", () => {
  it("enabling creates the instance with its plugins, installs it and records the page at once", () => {
    const { controller, calls } = setUp();
    controller.enable();
    expect(calls).toEqual(["create instance 1 (plugins enabled)", "install sink", "instance 1: page /films/"]);
    expect(controller.state).toBe("enabled");
  });

  it("enabling twice changes nothing", () => {
    const { controller, calls } = setUp();
    controller.enable();
    controller.enable();
    expect(calls.filter((c) => c.startsWith("create"))).toHaveLength(1);
  });

  it("the installed sink sends later page views, the outbound-click event and track()", () => {
    const { controller, calls, sink } = setUp();
    controller.enable();
    calls.length = 0;
    sink().pageView("/films/1-x/?utm_source=a");
    sink().event({ action: "click", category: "Navigation", label: "out: https://example.com/" });
    sink().track?.("newsletter", { theater: "LUM01" });
    expect(calls).toEqual([
      "instance 1: page /films/1-x/?utm_source=a",
      'instance 1: track click {"category":"Navigation","label":"out: https://example.com/","page_location":"/films/"}',
      'instance 1: track newsletter {"theater":"LUM01","page_location":"/films/"}',
    ]);
  });

  it("no page view or event carries the member's token, the reset code or the e-mail; utm_* stay", () => {
    const sent: Record<string, unknown>[] = [];
    const controller = createAnalyticsController({
      create: () => ({
        instance: {
          page: (data) => sent.push({ page: data }),
          track: (event, properties) => sent.push({ track: event, ...properties }),
          plugins: { disable: () => undefined },
        },
        pluginNames: [],
        optOut: () => undefined,
      }),
      currentPath: () => "/?token=MT-SECRET&utm_source=pos",
      install: (sink) => {
        sink?.pageView("/account/reset-password/?email=jane%40example.com&resetCode=RC-999&utm_medium=email");
        sink?.event({ action: "click", category: "Navigation", label: "out: https://example.com/" });
      },
    });
    controller.enable();
    expect(sent).toEqual([
      {
        page: {
          path: "/account/reset-password/?utm_medium=email",
          url: "/account/reset-password/?utm_medium=email",
          search: "?utm_medium=email",
        },
      },
      { track: "click", category: "Navigation", label: "out: https://example.com/", page_location: "/?utm_source=pos" },
      { page: { path: "/?utm_source=pos", url: "/?utm_source=pos", search: "?utm_source=pos" } },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/MT-SECRET|RC-999|jane|token|resetCode|email=/);
  });

  // Issue 44: the page view, an event and track() each carry the campaign parameters of whatever
  // address they are handed, and nothing private, even from an address bar that was not cleaned.
  it.each(PLANTED_ADDRESSES)("handed %s, nothing private is sent", (_case, address, kept) => {
    const sent: unknown[] = [];
    const controller = createAnalyticsController({
      create: () => ({
        instance: {
          page: (data) => sent.push(data),
          track: (event, properties) => sent.push({ event, ...properties }),
          plugins: { disable: () => undefined },
        },
        pluginNames: [],
        optOut: () => undefined,
      }),
      currentPath: () => address,
      install: (sink) => {
        sink?.event({ action: "share", category: "Film", label: address });
        sink?.track?.("shared", { url: address, nested: { links: [address] } });
      },
    });
    controller.enable();
    expect(sent).toEqual([
      { event: "share", category: "Film", label: kept, page_location: expect.any(String) },
      { event: "shared", url: kept, nested: { links: [kept] }, page_location: expect.any(String) },
      expect.objectContaining({ path: kept }),
    ]);
    expectNothingPlanted(sent);
  });

  it("on refusal after tracking: every plugin disabled, the instance re-created, a page view sent (spec §4)", () => {
    const { controller, calls } = setUp("/");
    controller.enable();
    calls.length = 0;
    controller.refuse();
    expect(calls).toEqual([
      "instance 1: opt out",
      "instance 1: disable google-analytics",
      "create instance 2 (plugins disabled)",
      "install sink",
      "instance 2: page /",
    ]);
    expect(controller.state).toBe("refused");
  });

  it("on refusal before any tracking: the instance is created with its plugins disabled, a page view sent", () => {
    const { controller, calls } = setUp("/");
    controller.refuse();
    expect(calls).toEqual(["create instance 1 (plugins disabled)", "install sink", "instance 1: page /"]);
  });

  it("later reports go to the re-created instance, whose plugins are disabled", () => {
    const { controller, calls, sink } = setUp();
    controller.enable();
    controller.refuse();
    calls.length = 0;
    sink().pageView("/films/");
    expect(calls).toEqual(["instance 2: page /films/"]);
  });

  it("refusing twice changes nothing; agreeing after a refusal enables a new instance", () => {
    const { controller, calls } = setUp();
    controller.refuse();
    controller.refuse();
    controller.enable();
    expect(calls.filter((c) => c.startsWith("create"))).toEqual([
      "create instance 1 (plugins disabled)",
      "create instance 2 (plugins enabled)",
    ]);
  });
});
