/** "Share this film" (a beta feature, spec §6 beta viewer): English, the key source for French. */
export const shareMessagesEnUS = {
  "share.film": "Share this film",
  /** Accessible name: the button's text plus which film. */
  "share.filmNamed": "Share this film: {title}",
  "share.copied": "Link copied",
  "share.copyLabel": "Copy this link",
} as const;
