/** Ads texts in English: the key source for the French catalogue. */
export const adsMessagesEnUS = {
  // The accessible name of each ad placeholder (an <aside> landmark). With several on a page each
  // gets its place in the page's order, so a screen reader's landmark list tells them apart.
  "ads.slot.label": "{count, plural, =1 {Advertisement} other {Advertisement {index} of {count}}}",
};
