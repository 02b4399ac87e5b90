// What direct ad-server mode waits for (spec §5).
import { forgetConsentSignal, publishConsent, whenConsentGranted } from "./consent-signal";

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
