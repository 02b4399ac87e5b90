import {
  MAX_ERROR_CHARS,
  MAX_REASONS,
  nextPublish,
  publishView,
  queuedPublish,
  PublishTransitionError,
  type Publish,
  type PublishEvent,
  type PublishState,
} from "./publish";

const QUEUED_AT = "2026-11-23T10:15:02.123Z";
const LATER = "2026-11-23T10:16:00.000Z";
const queued = queuedPublish("lumiere", "20261123T101502123Z-abcdef", QUEUED_AT, "new poster");

/** The same publish in each state, reached through the machine itself. */
const IN_STATE: Readonly<Record<PublishState, Publish>> = {
  queued,
  building: nextPublish(queued, { type: "buildStarted", at: LATER }),
  live: nextPublish(nextPublish(queued, { type: "buildStarted", at: LATER }), { type: "wentLive", at: LATER }),
  failed: nextPublish(nextPublish(queued, { type: "buildStarted", at: LATER }), {
    type: "failed",
    at: LATER,
    error: "boom",
  }),
};

const EVENTS: Readonly<Record<PublishEvent["type"], PublishEvent>> = {
  joined: { type: "joined", reason: "new times" },
  buildStarted: { type: "buildStarted", at: LATER },
  buildRestarted: { type: "buildRestarted", at: LATER },
  stepped: { type: "stepped", step: "build" },
  wentLive: { type: "wentLive", at: LATER },
  failed: { type: "failed", at: LATER, error: "settings.json › loyalty.version: expected 1 or 3" },
};

// The moves the machine has: from a state, on an event, the state it moves to.
const MOVES: Readonly<Partial<Record<PublishState, Partial<Record<PublishEvent["type"], PublishState>>>>> = {
  queued: { joined: "queued", buildStarted: "building" },
  building: { buildRestarted: "building", stepped: "building", wentLive: "live", failed: "failed" },
};

// Every state against every event: the state it moves to, or null where the machine has no move.
const MACHINE = (Object.keys(IN_STATE) as PublishState[]).flatMap((from) =>
  (Object.keys(EVENTS) as PublishEvent["type"][]).map((event) => [from, event, MOVES[from]?.[event] ?? null] as const),
);

describe("a publish's states", () => {
  it.each(MACHINE)("%s + %s → %s", (from, event, to) => {
    const move = () => nextPublish(IN_STATE[from], EVENTS[event]);
    if (to === null) expect(move).toThrow(PublishTransitionError);
    else expect(move().state).toBe(to);
  });
});

describe("what each move records", () => {
  it("a new publish is queued, for one save and its reason", () => {
    expect(queued).toEqual({
      id: "20261123T101502123Z-abcdef",
      siteId: "lumiere",
      state: "queued",
      queuedAt: QUEUED_AT,
      startedAt: null,
      finishedAt: null,
      step: null,
      error: null,
      saves: 1,
      reasons: ["new poster"],
    });
    expect(queuedPublish("lumiere", "x", QUEUED_AT).reasons).toEqual([]);
  });

  it("a save joining it counts, with its reason if it gave one", () => {
    const joined = nextPublish(nextPublish(queued, EVENTS.joined), { type: "joined" });
    expect(joined).toMatchObject({ state: "queued", saves: 3, reasons: ["new poster", "new times"] });
  });

  it("keeps the first reasons only", () => {
    let publish = queued;
    for (let save = 0; save < MAX_REASONS + 5; save += 1) publish = nextPublish(publish, EVENTS.joined);
    expect(publish.saves).toBe(MAX_REASONS + 6);
    expect(publish.reasons).toHaveLength(MAX_REASONS);
  });

  it("its build's start and end are dated; a failure says why", () => {
    expect(IN_STATE.building).toMatchObject({ startedAt: LATER, finishedAt: null, error: null });
    expect(IN_STATE.live).toMatchObject({ startedAt: LATER, finishedAt: LATER, error: null });
    expect(nextPublish(IN_STATE.building, EVENTS.failed)).toMatchObject({
      finishedAt: LATER,
      error: "settings.json › loyalty.version: expected 1 or 3",
    });
  });

  it("a failure's words are bounded, and never empty", () => {
    const long = nextPublish(IN_STATE.building, { type: "failed", at: LATER, error: "x".repeat(10_000) });
    expect(long.error).toHaveLength(MAX_ERROR_CHARS);
    expect(nextPublish(IN_STATE.building, { type: "failed", at: LATER, error: "" }).error).toBe("failed");
  });

  it("a build taken over is dated from its new start", () => {
    const restarted = nextPublish(IN_STATE.building, { type: "buildRestarted", at: "2026-11-23T10:20:00.000Z" });
    expect(restarted).toMatchObject({ state: "building", startedAt: "2026-11-23T10:20:00.000Z", finishedAt: null });
  });

  it("a build starts with no step, and tells its steps as it goes", () => {
    expect(IN_STATE.building.step).toBeNull();
    const checking = nextPublish(nextPublish(IN_STATE.building, EVENTS.stepped), { type: "stepped", step: "check" });
    expect(checking).toMatchObject({ state: "building", step: "check", startedAt: LATER, finishedAt: null });
  });

  // A building publish at its "check" step, then each event it can take: the step it leaves.
  it.each([
    ["stepped", "build"],
    ["buildRestarted", null], // its new worker tells its own steps
    ["wentLive", null],
    ["failed", null],
  ] as const)("building at a step + %s → step %s", (event, step) => {
    const checking = nextPublish(IN_STATE.building, { type: "stepped", step: "check" });
    expect(nextPublish(checking, EVENTS[event]).step).toBe(step);
  });

  it.each(["queued", "live", "failed"] as const)("a %s publish takes no step", (state) => {
    expect(() => nextPublish(IN_STATE[state], { type: "stepped", step: "swap" })).toThrow(`it cannot take "stepped"`);
  });

  it("a refused move names the publish and what it is", () => {
    expect(() => nextPublish(IN_STATE.live, EVENTS.buildStarted)).toThrow(
      'Publish 20261123T101502123Z-abcdef of "lumiere" is live: it cannot take "buildStarted"',
    );
  });
});

it("the API's view has the issue's fields, the build's step and nothing of the saves", () => {
  expect(publishView(nextPublish(IN_STATE.building, EVENTS.stepped))).toMatchObject({
    state: "building",
    step: "build",
  });
  expect(publishView(IN_STATE.failed)).toEqual({
    id: "20261123T101502123Z-abcdef",
    state: "failed",
    step: null,
    queuedAt: QUEUED_AT,
    startedAt: LATER,
    finishedAt: LATER,
    error: "boom",
  });
});
