import { useCallback, type ReactNode } from "react";
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from "react-google-recaptcha-v3";
import type { CaptchaAction } from "../routes";

/** Deploy setting, read at build (GATSBY_ variables reach the browser). Unset: no captcha at all. */
const SITE_KEY = process.env.GATSBY_RECAPTCHA_SITE_KEY ?? "";
/** A script that never loads must not hold a sign-in forever. */
const CAPTCHA_WAIT_MS = 4000;

/** Loads Google's reCAPTCHA v3 only when the deploy gave a site key (spec §5 captcha). */
export function CaptchaProvider({ children }: { children: ReactNode }) {
  if (!SITE_KEY) return <>{children}</>;
  return (
    <GoogleReCaptchaProvider reCaptchaKey={SITE_KEY} scriptProps={{ async: true, defer: true }}>
      {children}
    </GoogleReCaptchaProvider>
  );
}

/**
 * A token for a captcha-carrying call, or undefined when there is no site key or the script could
 * not load or answer in time: the call then goes without one, and the server (which verifies
 * only when it has a secret) decides. The visitor is not alarmed either way.
 */
export function useCaptchaToken(): (action: CaptchaAction) => Promise<string | undefined> {
  const { executeRecaptcha } = useGoogleReCaptcha();
  return useCallback(
    async (action) => {
      if (!SITE_KEY || !executeRecaptcha) return undefined;
      const timeout = new Promise<undefined>((resolve) => window.setTimeout(() => resolve(undefined), CAPTCHA_WAIT_MS));
      return Promise.race([executeRecaptcha(action).catch(() => undefined), timeout]);
    },
    [executeRecaptcha],
  );
}
