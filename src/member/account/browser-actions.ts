// What the member screens ask of the browser beyond rendering: saving a file the provider sent
// (an Apple Wallet pass) and leaving for another site in the same tab (a Google Wallet save link,
// the payment provider's portal). Kept in one object so tests can replace it: jsdom implements
// neither object URLs nor navigation.

/** How long an object URL outlives the click that downloads it (some browsers read it late). */
const REVOKE_AFTER_MS = 60_000;

export const browserActions = {
  /** Hands `blob` to the browser as a download named `fileName`. */
  download(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  },
  /** Follows `url` in this tab, as a link would. */
  go(url: string): void {
    window.location.assign(url);
  },
};
