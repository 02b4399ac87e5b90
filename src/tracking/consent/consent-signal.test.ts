// What direct ad-server mode waits for (spec §5), and wrapper ads (issue 44).
import { forgetConsentSignal, publishConsent, whenConsentGranted, whenConsentManagerReady } from "./consent-signal";

beforeEach(forgetConsentSignal);

it("runs once consent is granted, not before, and only once", () => {
  const run = jest.fn();
  whenConsentGranted(run);
  publishConsent(false);
  expect(run).not.toHaveBeenCalled();
  publishConsent(true);
  publishConsent(false);
  publishConsent(true);
  expect(run).toHaveBeenCalledTimes(1);
});

it("runs at once when consent is already granted", () => {
  publishConsent(true);
  const run = jest.fn();
  whenConsentGranted(run);
  expect(run).toHaveBeenCalledTimes(1);
});

it("can be unsubscribed", () => {
  const run = jest.fn();
  whenConsentGranted(run)();
  publishConsent(true);
  expect(run).not.toHaveBeenCalled();
});

describe("whenConsentManagerReady: the first decision, whatever it is", () => {
  it.each([
    ["a refusal", false],
    ["a consent", true],
  ])("runs once on %s, not before", (_, value) => {
    const run = jest.fn();
    whenConsentManagerReady(run);
    expect(run).not.toHaveBeenCalled();
    publishConsent(value);
    publishConsent(!value);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("runs at once when a decision is already published, and can be unsubscribed before", () => {
    const early = jest.fn();
    whenConsentManagerReady(early)();
    publishConsent(false);
    expect(early).not.toHaveBeenCalled();
    const late = jest.fn();
    whenConsentManagerReady(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
