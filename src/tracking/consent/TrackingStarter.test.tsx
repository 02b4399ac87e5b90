// Issue 44: tracking starts once the main thread is idle, and not in the task its chunk is evaluated
// in (together they made one long task on a phone).
import { render } from "@testing-library/react";
import type { SiteRuntime } from "../../runtime/site-runtime";
import { captureIdleCallbacks } from "../../test/idle-callbacks";

const startTracking = jest.fn();
jest.mock("./runtime", () => ({ startTracking: (...args: unknown[]) => startTracking(...args) }));

import { TrackingStarter } from "./TrackingStarter";

const site = {
  name: "Cinéma Lumière",
  logo: { src: "/site-assets/logo.svg" },
  privacyPolicyPageSlug: "confidentialite",
  country: { iso31661A2: "FR" },
  locale: "fr-FR",
  tracking: { noticeId: "notice" },
} as unknown as SiteRuntime;

/**
 * Lets every promise already settled run its callbacks, and no timer: microtasks only (React's
 * `act` may wait for a task, and a timer due by then would fire).
 */
async function microtasks() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

let idle: ReturnType<typeof captureIdleCallbacks>;
beforeEach(() => {
  startTracking.mockClear();
  idle = captureIdleCallbacks();
});
afterEach(() => idle.restore());

test("waits for an idle moment (two seconds at most), then starts tracking in a task of its own", async () => {
  render(<TrackingStarter site={site} />);
  await microtasks();
  expect(idle.requested.map(({ timeout }) => timeout)).toEqual([2000]);
  expect(startTracking).not.toHaveBeenCalled();

  idle.requested[0]?.run();
  await microtasks();
  expect(startTracking).not.toHaveBeenCalled();

  // A timer set after the starter's own: it fires after it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(startTracking).toHaveBeenCalledTimes(1);
  expect(startTracking).toHaveBeenCalledWith({
    name: "Cinéma Lumière",
    logoSrc: "/site-assets/logo.svg",
    privacyPolicySlug: "confidentialite",
    country: "FR",
    locale: "fr-FR",
    tracking: { noticeId: "notice" },
  });
});
