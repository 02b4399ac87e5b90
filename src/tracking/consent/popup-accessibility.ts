// Spec §8 "Consent popup" and §9: while the consent tool's preferences popup is shown, it is
// polled every 500 ms to fix what it gets wrong for assistive technology: its image (the
// provider's logo, a link to the provider's site) gets a text alternative, and keyboard focus
// moves on from that logo to the popup's next button or link.
import type { SiteLocale } from "../../config/settings";

export const POPUP_POLL_MS = 500;
/** The consent tool's brand, named in the alternative text. */
export const CONSENT_PROVIDER = "Didomi";
/** Didomi's preferences popup (its notice is `#didomi-notice`). */
export const PREFERENCES_POPUP_SELECTOR = "#didomi-popup";

const ALT_TEXT: Record<SiteLocale, (provider: string) => string> = {
  "en-US": (provider) => `Privacy management by ${provider} - open in a new tab`,
  "fr-FR": (provider) => `Gestion de la confidentialité par ${provider} - s'ouvre dans un nouvel onglet`,
};

export function popupImageAltText(locale: SiteLocale, provider = CONSENT_PROVIDER): string {
  return ALT_TEXT[locale](provider);
}

const FOCUSABLE = "button:not([disabled]), a[href]";

/**
 * One pass over the popup: every image without a text alternative gets `altText`, and focus moves
 * to the first button or link after the first image fixed (past the link that holds it). Answers
 * whether anything was fixed, so a pass over an already-fixed popup changes nothing.
 */
export function fixPreferencesPopup(popup: Element, altText: string): boolean {
  const images = Array.from(popup.querySelectorAll("img")).filter((img) => !img.getAttribute("alt")?.trim());
  if (images.length === 0) return false;
  for (const img of images) img.setAttribute("alt", altText);
  const first = images[0]!;
  const holder = first.closest("a, button");
  const next = Array.from(popup.querySelectorAll<HTMLElement>(FOCUSABLE)).find(
    (candidate) =>
      candidate !== holder &&
      !candidate.contains(first) &&
      (first.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
  next?.focus();
  return true;
}

export interface PopupWatch {
  /** The popup was shown (the tool's `preferences.shown` event): start polling. */
  shown(): void;
  /** The popup was hidden: stop polling. */
  hidden(): void;
}

export function watchPreferencesPopup({
  doc = document,
  altText,
  schedule = (tick, ms) => window.setInterval(tick, ms),
  cancel = (id) => window.clearInterval(id),
}: {
  doc?: Document;
  altText: string;
  schedule?: (tick: () => void, ms: number) => number;
  cancel?: (id: number) => void;
}): PopupWatch {
  let timer: number | null = null;
  const tick = () => {
    const popup = doc.querySelector(PREFERENCES_POPUP_SELECTOR);
    if (popup) fixPreferencesPopup(popup, altText);
  };
  return {
    shown() {
      if (timer !== null) return;
      timer = schedule(tick, POPUP_POLL_MS);
    },
    hidden() {
      if (timer === null) return;
      cancel(timer);
      timer = null;
    },
  };
}
