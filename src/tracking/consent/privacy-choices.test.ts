import type { DidomiSdk } from "./didomi";
import { privacyChoicesOf, showPrivacyChoices, type PrivacyChoices } from "./privacy-choices";

const ON = { disabled: false, apiKey: "key" };

describe("privacyChoicesOf: whether the footer links the consent manager's preferences, and in which words", () => {
  it.each<
    [string, PrivacyChoices | null, { noticeId: string; country: string }, { disabled: boolean; apiKey: string }]
  >([
    ["a French site with a notice (gdpr)", "manageCookies", { noticeId: "lumiere-notice", country: "FR" }, ON],
    ["a UK site", "manageCookies", { noticeId: "n", country: "GB" }, ON],
    ["a site elsewhere: the notice asks for cookie consent", "manageCookies", { noticeId: "n", country: "JP" }, ON],
    ["a US site (ccpa opt-out)", "doNotSell", { noticeId: "starlight-notice", country: "US" }, ON],
    ["a US site, country in lower case", "doNotSell", { noticeId: "n", country: "us" }, ON],
    ["no notice configured", null, { noticeId: "", country: "FR" }, ON],
    ["a blank notice id", null, { noticeId: "  ", country: "US" }, ON],
    ["consent handling switched off", null, { noticeId: "n", country: "FR" }, { disabled: true, apiKey: "key" }],
    ["a deploy without the Didomi key", null, { noticeId: "n", country: "US" }, { disabled: false, apiKey: "" }],
  ])("%s → %s", (_, expected, site, consent) => {
    expect(privacyChoicesOf(site, consent)).toBe(expected);
  });
});

describe("showPrivacyChoices: Didomi.preferences.show()", () => {
  type TestWindow = Pick<Window, "Didomi" | "didomiOnReady">;
  const sdk = () => {
    const show = jest.fn();
    return { show, didomi: { preferences: { show } } as unknown as DidomiSdk };
  };

  it("the SDK is ready: the popup opens at once", () => {
    const { show, didomi } = sdk();
    const win: TestWindow = { Didomi: didomi };
    showPrivacyChoices(win as Window);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["no queue yet", undefined],
    ["the tracking runtime's callback already queued", [jest.fn()]],
  ])("the SDK is still loading (%s): the call waits in didomiOnReady", (_, queue) => {
    const queued = queue?.length ?? 0;
    const win: TestWindow = { didomiOnReady: queue && [...queue] };
    showPrivacyChoices(win as Window);
    const { show, didomi } = sdk();
    expect(show).not.toHaveBeenCalled();
    // What the SDK does once ready: every queued callback gets it.
    for (const callback of win.didomiOnReady!) callback(didomi);
    expect(show).toHaveBeenCalledTimes(1);
    expect(win.didomiOnReady).toHaveLength(queued + 1);
  });

  it("an SDK without the preferences API changes nothing", () => {
    const win: TestWindow = { Didomi: {} as DidomiSdk };
    expect(() => showPrivacyChoices(win as Window)).not.toThrow();
  });
});
