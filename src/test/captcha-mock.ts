// A stand-in for src/member/sign-in/captcha in screen tests (the reCAPTCHA script itself is the
// browser tests' business): the real module, with the page's executor replaced by one that answers
// a token named after the action it was minted for ("token-for-login"), so a test can check which
// action a call carried. The mock has to be hoisted in each test file:
//   jest.mock("../../sign-in/captcha", () => jest.requireActual("../../../test/captcha-mock").tokenPerAction());
import type { CaptchaAction } from "../member/provider/routes";

type CaptchaModule = typeof import("../member/sign-in/captcha");

/** The captcha module, every export real but useCaptchaToken. */
export function tokenPerAction(): CaptchaModule {
  return {
    ...jest.requireActual<CaptchaModule>("../member/sign-in/captcha"),
    useCaptchaToken: () => async (action: CaptchaAction) => `token-for-${action}`,
  };
}
