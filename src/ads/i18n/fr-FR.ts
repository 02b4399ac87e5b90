import type { adsMessagesEnUS } from "./en-US";

/** Ads texts in French; the type keeps the ids exactly those of the English catalogue. */
export const adsMessagesFrFR: Record<keyof typeof adsMessagesEnUS, string> = {
  "ads.slot.label": "{count, plural, =1 {Publicité} other {Publicité {index} sur {count}}}",
  "ads.interstitial.label": "Publicité en surimpression",
  "ads.interstitial.close": "Fermer la publicité",
  "ads.pulse.close": "Fermer la publicité du coin",
};
