/** The film page's trailer: its facade, the player and why it waits for consent (issue 45). */
export const trailerMessagesEnUS = {
  "trailer.heading": "Trailer",
  "trailer.play": "Play the trailer for {title}",
  "trailer.player": "Trailer for {title}",
  "trailer.consentNeeded": "The trailer is hosted by {host}, which sets cookies: accept them to play it here.",
  "trailer.consentChoices": "Choose my cookies",
  "trailer.watchOnHost": "Watch it on {host}",
  "trailer.unavailable": "The player could not load. Check your connection, then try again.",
  "trailer.retry": "Try again",
};
