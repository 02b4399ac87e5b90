// @analytics/google-analytics ships no types; this is the part the site uses.
declare module "@analytics/google-analytics" {
  import type { AnalyticsPlugin } from "analytics";

  export interface GoogleAnalyticsOptions {
    measurementIds: string[];
    dataLayerName?: string;
    gtagName?: string;
    customScriptSrc?: string;
    gtagConfig?: Record<string, unknown>;
    debug?: boolean;
    nonce?: string;
  }

  export default function googleAnalytics(options: GoogleAnalyticsOptions): AnalyticsPlugin;
}
