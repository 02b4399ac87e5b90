// The reCAPTCHA v3 library's provider, loaded lazily by CaptchaProvider (captcha.tsx) once the page
// has a key. Its executor is handed up, so the page's calls never import the library themselves.
import { useEffect } from "react";
import { GoogleReCaptchaProvider, useGoogleReCaptcha } from "react-google-recaptcha-v3";

export type Execute = (action: string) => Promise<string>;

/** Hands the library's executor up to CaptchaProvider, which shares it with the page. */
function ExecutorBridge({ onChange }: { onChange: (execute: Execute | null) => void }) {
  const { executeRecaptcha } = useGoogleReCaptcha();
  useEffect(() => {
    onChange(executeRecaptcha ? (action) => executeRecaptcha(action) : null);
    return () => onChange(null);
  }, [executeRecaptcha, onChange]);
  return null;
}

/** The library's provider reads its key once: CaptchaProvider remounts this (keyed) when the key changes. */
export default function CaptchaLibrary({
  siteKey,
  scriptId,
  onChange,
}: {
  siteKey: string;
  scriptId: string;
  onChange: (execute: Execute | null) => void;
}) {
  return (
    <GoogleReCaptchaProvider reCaptchaKey={siteKey} scriptProps={{ async: true, defer: true, id: scriptId }}>
      <ExecutorBridge onChange={onChange} />
    </GoogleReCaptchaProvider>
  );
}
