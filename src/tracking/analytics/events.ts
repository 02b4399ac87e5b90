// The site's one door to analytics. Screens and links report what happened here; the analytics
// feature installs the sink that sends it once tracking is enabled (src/tracking/consent/runtime.ts: only
// after the visitor's consent, spec §4). Until a sink is installed every report is dropped:
// spec §2 "provided analytics has been set up".
import { withoutPrivateParams } from "./private-params";

export type AnalyticsEvent = { action: string; category: string; label: string };

export type AnalyticsSink = {
  /** False for the instance of a visitor who refused (its plugins are disabled). */
  readonly sending?: boolean;
  pageView(path: string): void;
  event(event: AnalyticsEvent): void;
  /** Any other event with its properties (spec §7 "Analytics exposes track(event, properties)"). */
  track?(event: string, properties: Record<string, unknown>): void;
};

let sink: AnalyticsSink | null = null;

/** Installs (or, with null, removes) the sink; returns the previous one. */
export function setAnalyticsSink(next: AnalyticsSink | null): AnalyticsSink | null {
  const previous = sink;
  sink = next;
  return previous;
}

/** Whether tracking is on: a sink is installed and it is not a refused visitor's. */
export function isTracking(): boolean {
  return sink !== null && sink.sending !== false;
}

const pageShownListeners = new Set<(path: string) => void>();

/** Every page shown (route updates, with or without a sink); the returned function stops listening. */
export function onPageShown(listener: (path: string) => void): () => void {
  pageShownListeners.add(listener);
  return () => void pageShownListeners.delete(listener);
}

export function recordPageView(path: string): void {
  sink?.pageView(path);
  for (const listener of [...pageShownListeners]) listener(path);
}

export function recordEvent(event: AnalyticsEvent): void {
  sink?.event(event);
}

/** Spec §7: records `event` with its properties, when tracking is enabled. */
export function track(event: string, properties: Record<string, unknown> = {}): void {
  sink?.track?.(event, properties);
}

/**
 * Spec §7: every outbound-link click records 'click' / 'Navigation' / 'out: {href}', with the href
 * less its private parameters (a token or an address written into a link must not reach a third
 * party: docs/decisions.md; the member's own token is no longer in a link's href, issue 43).
 * `tokenParam` is the site's ticketing token parameter, which a site may name itself.
 */
export function recordOutboundClick(href: string, tokenParam?: string): void {
  const label = `out: ${withoutPrivateParams(href, tokenParam ? [tokenParam] : [])}`;
  recordEvent({ action: "click", category: "Navigation", label });
}
