// The consent decision, for features outside tracking that must wait for it (direct ad-server
// mode, spec §5; wrapper ads wait for the consent manager to be ready, issue 44). The consent runtime publishes; a listener hears the current state at once and
// every change after. A module of a few lines: it sits in whichever lazy chunk imports it first.

type Listener = (granted: boolean) => void;

let granted: boolean | null = null;
const listeners = new Set<Listener>();

/** Granted: the visitor consented, or there is no consent manager to ask (spec §4, §5). */
export function publishConsent(value: boolean): void {
  if (granted === value) return;
  granted = value;
  for (const listener of [...listeners]) listener(value);
}

/** Whether consent stands right now (a withdrawal makes it false again). */
export function isConsentGranted(): boolean {
  return granted === true;
}

/** Runs `run` once consent is granted (now, if it already is); returns an unsubscribe. */
export function whenConsentGranted(run: () => void): () => void {
  if (granted) {
    run();
    return () => undefined;
  }
  const listener: Listener = (value) => {
    if (!value) return;
    listeners.delete(listener);
    run();
  };
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs `run` once the consent manager is ready (its first decision is published, whatever it is),
 * or at once if it already is. Wrapper ads wait for this (issue 44): the ad stack then finds the
 * consent manager's answer, a refusal included, through the IAB TCF API rather than the stub.
 */
export function whenConsentManagerReady(run: () => void): () => void {
  if (granted !== null) {
    run();
    return () => undefined;
  }
  const listener: Listener = () => {
    listeners.delete(listener);
    run();
  };
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: a fresh page load. */
export function forgetConsentSignal(): void {
  granted = null;
  listeners.clear();
}
