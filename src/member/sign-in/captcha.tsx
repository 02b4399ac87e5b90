import { createContext, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { lazyFeature } from "../../lib/lazy-feature";
import type { CaptchaAction } from "../provider/routes";
import { captchaSiteKeyFor, isEmbeddedWindow } from "./captcha-key";
import type { Execute } from "./captcha-library";
import { rememberPageKeyToken } from "../captcha-token-key";

// The reCAPTCHA library only matters once a key is known, which is after the first render: it
// loads then, out of the first-load JavaScript.
const CaptchaLibrary = lazyFeature(() => import("./captcha-library"));

// Deploy settings, inlined by the build (GATSBY_ variables reach the browser); read through
// functions so tests can set them.
/** Unset: no captcha unless a page brings a key. */
const deployKey = (): string => process.env.GATSBY_RECAPTCHA_SITE_KEY ?? "";
/**
 * Where reCAPTCHA's api.js is loaded from instead of Google (brief §3: tests and `npm start` use
 * the sandbox's stand-in). Unset: the library loads Google's script itself.
 */
const scriptUrl = (): string => process.env.GATSBY_RECAPTCHA_SCRIPT_URL ?? "";
/** The id the library looks for: when an element with it exists, the library uses it instead of injecting Google's. */
const SCRIPT_ID = "google-recaptcha-v3";
/** A script that never loads must not hold a sign-in forever. */
const CAPTCHA_WAIT_MS = 4000;

/** The key this window loaded first; a popup or a frame keeps it (see captcha-key.ts). */
let keyInUse: string | null = null;

/** Tests: a fresh window. */
export function forgetCaptchaKeyInUse(): void {
  keyInUse = null;
}

/** The library's executor and the site key it mints tokens with. */
interface Minter {
  readonly execute: Execute;
  readonly siteKey: string;
}

/**
 * The library's executor, as it arrives. A sign-in submitted while the script is still loading
 * waits for it (a call without a token is refused where the server verifies tokens), unless no
 * executor is coming: no key, or the script failed. Not React state: the executor arriving changes
 * nothing on screen, so it re-renders nothing.
 */
interface ExecutorStore {
  set(minter: Minter | null): void;
  /** Whether an executor is on its way (a key is in use and its script has not failed). */
  expect(coming: boolean): void;
  /** The executor now, or once it arrives; null when none is coming. */
  next(): Promise<Minter | null>;
}

function createExecutorStore(): ExecutorStore {
  let current: Minter | null = null;
  let coming = false;
  let waiters: ((minter: Minter | null) => void)[] = [];
  const settle = () => {
    if (!current && coming) return;
    for (const resolve of waiters) resolve(current);
    waiters = [];
  };
  return {
    set(minter) {
      current = minter;
      settle();
    },
    expect(next) {
      coming = next;
      settle();
    },
    next() {
      if (current || !coming) return Promise.resolve(current);
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

const ExecutorContext = createContext<ExecutorStore | null>(null);

/** Loads the stand-in script for `key` and answers whether it has loaded; `onFail` when it cannot. */
function useStandInScript(key: string, onFail: () => void): boolean {
  const [loadedKey, setLoadedKey] = useState("");
  useEffect(() => {
    const base = scriptUrl();
    if (!base || !key) return;
    // A script left by an earlier key (or by the library) would answer for the wrong key.
    document.getElementById(SCRIPT_ID)?.remove();
    const script = document.createElement("script");
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `${base}${base.includes("?") ? "&" : "?"}render=${encodeURIComponent(key)}`;
    let current = true;
    script.onload = () => {
      if (current) setLoadedKey(key);
    };
    // A blocked script leaves no executor: calls then go without a token (see useCaptchaToken).
    script.onerror = () => {
      if (current) onFail();
    };
    document.head.appendChild(script);
    return () => {
      current = false;
    };
  }, [key, onFail]);
  return !scriptUrl() || loadedKey === key;
}

/**
 * reCAPTCHA v3 for the page (spec §5 captcha), with the deploy's key or the page's own. The
 * library's provider reads its key once, so it is remounted (keyed) when the key changes; it sits
 * beside the page rather than around it, so that remount never remounts the page.
 */
export function CaptchaProvider({ pageKey, children }: { pageKey?: string | null | undefined; children: ReactNode }) {
  const [key, setKey] = useState("");
  const [executor] = useState(createExecutorStore);
  useEffect(() => {
    const chosen = captchaSiteKeyFor({ deployKey: deployKey(), pageKey, keyInUse, embedded: isEmbeddedWindow(window) });
    keyInUse ??= chosen || null;
    executor.expect(chosen !== "");
    setKey(chosen);
  }, [pageKey, executor]);
  const ready = useStandInScript(
    key,
    useCallback(() => executor.expect(false), [executor]),
  );
  // The library is keyed by `key`, so the executor it hands up mints with this `key`.
  const onChange = useCallback(
    (next: Execute | null) => executor.set(next ? { execute: next, siteKey: key } : null),
    [executor, key],
  );
  return (
    <ExecutorContext.Provider value={executor}>
      {key && ready ? (
        <Suspense fallback={null}>
          <CaptchaLibrary key={key} siteKey={key} scriptId={SCRIPT_ID} onChange={onChange} />
        </Suspense>
      ) : null}
      {children}
    </ExecutorContext.Provider>
  );
}

/**
 * A token for a captcha-carrying call, or undefined when the page has no key or the script could
 * not load or answer in time: the call then goes without one, and the server (which verifies
 * only when it has a secret) decides. The visitor is not alarmed either way. A call made while
 * the script is still loading waits for it, within the same bound.
 */
export function useCaptchaToken(): (action: CaptchaAction) => Promise<string | undefined> {
  const executor = useContext(ExecutorContext);
  return useCallback(
    async (action) => {
      if (!executor) return undefined;
      const timeout = new Promise<undefined>((resolve) => window.setTimeout(() => resolve(undefined), CAPTCHA_WAIT_MS));
      const token = executor
        .next()
        .then(async (minter) => {
          if (!minter) return undefined;
          const minted = await minter.execute(action);
          // A page's own key: the client says so, and the server verifies with that key's secret.
          if (minted && minter.siteKey !== deployKey().trim()) rememberPageKeyToken(minted, minter.siteKey);
          return minted;
        })
        .catch(() => undefined);
      return Promise.race([token, timeout]);
    },
    [executor],
  );
}
