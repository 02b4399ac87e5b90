/** Ads texts in English: the key source for the French catalogue. */
export const adsMessagesEnUS = {
  // The accessible name of each ad placeholder (an <aside> landmark). With several on a page each
  // gets its place in the page's order, so a screen reader's landmark list tells them apart.
  "ads.slot.label": "{count, plural, =1 {Advertisement} other {Advertisement {index} of {count}}}",
  // The interstitial's landmark: outside the numbering, as it shows on one page of a visit only.
  "ads.interstitial.label": "Advertisement over the page",
  // Its close button's words, which are its name (the × beside them is decoration).
  "ads.interstitial.close": "Close ad",
  // The pulse's close button on a wide screen, told apart from the interstitial's (both may show).
  "ads.pulse.close": "Close corner ad",
};
