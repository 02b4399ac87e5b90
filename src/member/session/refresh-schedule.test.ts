import {
  createRefreshMemory,
  INITIAL_REFRESH_DEBOUNCE_MS,
  REFRESH_INTERVAL_MS,
  startRefreshSchedule,
} from "./refresh-schedule";

beforeEach(() => jest.useFakeTimers({ now: new Date("2026-06-01T00:00:00Z") }));
afterEach(() => jest.useRealTimers());

function schedule(overrides: Partial<Parameters<typeof startRefreshSchedule>[0]> = {}) {
  const refresh = jest.fn();
  const memory = overrides.memory ?? createRefreshMemory();
  const stop = startRefreshSchedule({ version: 1, restored: true, externalToken: null, refresh, memory, ...overrides });
  return { refresh, stop, memory };
}

describe("refresh schedule (spec §4, §9)", () => {
  it("a restored session refreshes once after 500 ms, then every 10 minutes on v1", () => {
    const { refresh, stop } = schedule();
    jest.advanceTimersByTime(INITIAL_REFRESH_DEBOUNCE_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(600_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(600_000 * 3);
    expect(refresh).toHaveBeenCalledTimes(5);
    stop();
    jest.advanceTimersByTime(600_000 * 3);
    expect(refresh).toHaveBeenCalledTimes(5);
  });

  it("v3 refreshes every 23 h 50 min", () => {
    expect(REFRESH_INTERVAL_MS[3]).toBe(85_800_000);
    const { refresh } = schedule({ version: 3, restored: false });
    jest.advanceTimersByTime(85_800_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("a fresh sign-in has no start-up refresh", () => {
    const { refresh } = schedule({ restored: false });
    jest.advanceTimersByTime(599_999);
    expect(refresh).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("is skipped entirely when the page carries an external token", () => {
    const { refresh } = schedule({ externalToken: "handed-over" });
    jest.advanceTimersByTime(REFRESH_INTERVAL_MS[3] * 2);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("an unmount within the debounce cancels the start-up refresh; the next mount schedules it again", () => {
    const memory = createRefreshMemory();
    const first = schedule({ memory });
    jest.advanceTimersByTime(100);
    first.stop();
    const second = schedule({ memory });
    jest.advanceTimersByTime(INITIAL_REFRESH_DEBOUNCE_MS);
    expect(first.refresh).not.toHaveBeenCalled();
    expect(second.refresh).toHaveBeenCalledTimes(1);
  });

  it("a remount (next page) neither refreshes again at start nor restarts the period", () => {
    const memory = createRefreshMemory();
    const first = schedule({ memory });
    jest.advanceTimersByTime(INITIAL_REFRESH_DEBOUNCE_MS + 400_000);
    first.stop();
    const second = schedule({ memory });
    jest.advanceTimersByTime(199_999);
    expect(second.refresh).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(second.refresh).toHaveBeenCalledTimes(1);
    expect(first.refresh).toHaveBeenCalledTimes(1);
  });

  it("a failing refresh does not break the schedule", () => {
    const refresh = jest.fn().mockRejectedValue(new Error("boom"));
    startRefreshSchedule({ version: 1, restored: false, externalToken: null, refresh, memory: createRefreshMemory() });
    jest.advanceTimersByTime(600_000 * 2);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

describe("a restored pair issued moments ago (another page of this visit) is not refreshed at start", () => {
  it.each([
    ["issued 10 s ago: no start-up refresh, the period continues from then", 10_000, 0],
    ["issued 59 s ago: still fresh", 59_000, 0],
    ["issued 60 s ago: refreshed at start", 60_000, 1],
    ["issued in the future (a wrong clock): refreshed at start", -5_000, 1],
  ])("%s", (_name, age, startupRuns) => {
    jest.useFakeTimers();
    const now = 1_800_000_000_000;
    const refresh = jest.fn();
    const memory = createRefreshMemory();
    const stop = startRefreshSchedule({
      version: 1,
      restored: true,
      externalToken: null,
      refresh,
      memory,
      now: () => now,
      tokensIssuedAt: now - age,
    });
    jest.advanceTimersByTime(1_000);
    expect(refresh).toHaveBeenCalledTimes(startupRuns);
    stop();
    jest.useRealTimers();
  });

  it("the period still runs from the pair's issue time", () => {
    jest.useFakeTimers();
    let now = 1_800_000_000_000;
    const refresh = jest.fn();
    startRefreshSchedule({
      version: 1,
      restored: true,
      externalToken: null,
      refresh,
      memory: createRefreshMemory(),
      now: () => now,
      tokensIssuedAt: now - 30_000,
    });
    jest.advanceTimersByTime(600_000 - 30_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    now += 600_000;
    jest.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });
});
