import { debounce, DEFAULT_DEBOUNCE_MS } from "./debounce";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("spec §9 debounce helper", () => {
  it("runs once, after the wait, with the last call's arguments", () => {
    const calls: string[] = [];
    const debounced = debounce((value: string) => calls.push(value), 500);
    debounced("a");
    jest.advanceTimersByTime(300);
    debounced("b");
    jest.advanceTimersByTime(499);
    expect(calls).toEqual([]);
    expect(debounced.pending()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual(["b"]);
    expect(debounced.pending()).toBe(false);
  });

  it("waits 500 ms unless told otherwise", () => {
    const run = jest.fn();
    debounce(run)();
    jest.advanceTimersByTime(DEFAULT_DEBOUNCE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(DEFAULT_DEBOUNCE_MS).toBe(500);
  });

  it("cancel drops the pending call; a later call waits again", () => {
    const run = jest.fn();
    const debounced = debounce(run, 100);
    debounced();
    debounced.cancel();
    jest.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
    debounced();
    jest.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
