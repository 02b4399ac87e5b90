import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { useNow } from "./useNow";

const MINUTE = 60_000;
const START = Date.parse("2026-11-28T09:00:00Z");

function Clock({ id }: { id: string }) {
  const now = useNow();
  return <output data-testid={id}>{now === null ? "no clock" : new Date(now).toISOString()}</output>;
}

const shown = (ids: readonly string[]) => ids.map((id) => screen.getByTestId(id).textContent);
/** The minute timers running: jsdom's own and React's are not minute-long. */
const minuteTimers = (spy: jest.SpyInstance) => spy.mock.calls.filter(([, ms]) => ms === MINUTE).length;

beforeEach(() => {
  jest.useFakeTimers({ now: START, doNotFake: ["queueMicrotask", "nextTick"] });
});
afterEach(() => {
  jest.useRealTimers();
});

async function settle(ms = 0) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

test("the server render and the first client render have no clock, so hydration matches the HTML", () => {
  expect(renderToString(<Clock id="a" />)).toContain("no clock");
});

test("a page of clocks starts one minute timer, and every clock shows the same minute", async () => {
  const started = jest.spyOn(window, "setInterval");
  const ids = ["a", "b", "c", "d", "e"];
  render(
    <>
      {ids.map((id) => (
        <Clock key={id} id={id} />
      ))}
    </>,
  );
  await settle();
  expect(shown(ids)).toEqual(ids.map(() => "2026-11-28T09:00:00.000Z"));
  expect(minuteTimers(started)).toBe(1);

  await settle(MINUTE);
  expect(shown(ids)).toEqual(ids.map(() => "2026-11-28T09:01:00.000Z"));
  await settle(2 * MINUTE);
  expect(shown(ids)).toEqual(ids.map(() => "2026-11-28T09:03:00.000Z"));
  expect(minuteTimers(started)).toBe(1);
});

test("the timer stops when the last clock leaves the page, and a later clock starts it again", async () => {
  const started = jest.spyOn(window, "setInterval");
  const stopped = jest.spyOn(window, "clearInterval");
  const first = render(<Clock id="a" />);
  const second = render(<Clock id="b" />);
  await settle();
  first.unmount();
  expect(stopped).not.toHaveBeenCalled();
  await settle(MINUTE);
  expect(shown(["b"])).toEqual(["2026-11-28T09:01:00.000Z"]);

  second.unmount();
  expect(stopped).toHaveBeenCalledTimes(1);
  expect(jest.getTimerCount()).toBe(0);

  render(<Clock id="c" />);
  await settle();
  expect(shown(["c"])).toEqual(["2026-11-28T09:01:00.000Z"]);
  expect(minuteTimers(started)).toBe(2);
  await settle(MINUTE);
  expect(shown(["c"])).toEqual(["2026-11-28T09:02:00.000Z"]);
});
