// The site's one door to analytics. Screens and links report what happened here; the analytics
// feature installs the sink that sends it once tracking is enabled (src/consent/runtime.ts: only
// after the visitor's consent, spec §4). Until a sink is installed every report is dropped:
// spec §2 "provided analytics has been set up".

export type AnalyticsEvent = { action: string; category: string; label: string };

export type AnalyticsSink = {
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

export function recordPageView(path: string): void {
  sink?.pageView(path);
}

export function recordEvent(event: AnalyticsEvent): void {
  sink?.event(event);
}

/** Spec §7: records `event` with its properties, when tracking is enabled. */
export function track(event: string, properties: Record<string, unknown> = {}): void {
  sink?.track?.(event, properties);
}

/** Spec §7: every outbound-link click records 'click' / 'Navigation' / 'out: {href}'. */
export function recordOutboundClick(href: string): void {
  recordEvent({ action: "click", category: "Navigation", label: `out: ${href}` });
}
