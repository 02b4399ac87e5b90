// "Share this film" without a third-party widget: the platform's share sheet (Web Share API)
// where the browser has one, else the link copied to the clipboard, else the link shown to copy
// by hand. Pure apart from the navigator it is handed.

export type ShareOutcome = "shared" | "cancelled" | "copied" | "manual";

export type ShareTarget = { title: string; url: string };

/** The part of `navigator` used, so tests can hand in each browser's behaviour. */
export type ShareNavigator = {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data?: ShareData) => boolean;
  clipboard?: { writeText?: (text: string) => Promise<void> };
};

export async function shareLink(target: ShareTarget, nav: ShareNavigator): Promise<ShareOutcome> {
  const data: ShareData = { title: target.title, url: target.url };
  if (typeof nav.share === "function" && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return "shared";
    } catch (error) {
      // The visitor closed the sheet: nothing to say. Any other refusal falls back to copying.
      if ((error as { name?: unknown } | null)?.name === "AbortError") return "cancelled";
    }
  }
  if (typeof nav.clipboard?.writeText === "function") {
    try {
      await nav.clipboard.writeText(target.url);
      return "copied";
    } catch {
      // Permission refused or no secure context: show the link instead.
    }
  }
  return "manual";
}

/** The film's address on the host the visitor is on, without the query (no utm, no embedding flag). */
export function filmShareUrl(path: string, origin: string): string {
  return new URL(path, origin).href;
}
