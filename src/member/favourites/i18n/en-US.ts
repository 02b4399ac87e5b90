/**
 * Favourites texts in English: the key source for the French catalogue. Watchlist and theater
 * errors are fallbacks: a provider code with a catalogue entry (72: "This movie can't be added to
 * your watchlist yet") is worded by the loyalty catalogue instead (spec §8 lookup order).
 */
export const favouritesMessagesEnUS = {
  // Watchlist (spec §4 "Favourite films"). {title} is the film's title.
  "favourites.watchlist.add": "Add {title} to my watchlist",
  "favourites.watchlist.remove": "Remove {title} from my watchlist",
  // A toggle button with aria-pressed: the label of each state.
  // The toggle's accessible name: the visible "My watchlist" first (WCAG 2.5.3), then the film.
  "favourites.watchlist.toggleNamed": "My watchlist: {title}",
  "favourites.watchlist.guestNamed": "My watchlist: sign in to add {title}",
  "favourites.watchlist.toggle": "Add to my watchlist",
  "favourites.watchlist.inWatchlist": "In my watchlist",
  "favourites.watchlist.adding": "Adding to your watchlist…",
  "favourites.watchlist.removing": "Removing from your watchlist…",
  "favourites.watchlist.loading": "Loading your watchlist…",
  "favourites.watchlist.guestInvite": "Sign in to keep a watchlist",
  "favourites.watchlist.title": "My watchlist",
  "favourites.watchlist.empty": "Your watchlist is empty.",
  "favourites.watchlist.error.add": "This movie could not be added to your watchlist.",
  "favourites.watchlist.error.remove": "This movie could not be removed from your watchlist.",
  "favourites.watchlist.error.load": "Your watchlist could not be loaded.",

  // Favourite theaters (spec §4, §8). The two error texts keep the spec's wording and spelling.
  "favourites.theaters.title": "My favorite theaters",
  "favourites.theaters.empty": "You have no favorite theaters yet.",
  "favourites.theaters.add": "Add to my favorite theaters",
  "favourites.theaters.remove": "Remove from my favorite theaters",
  "favourites.theaters.addNamed": "Add {name} to my favorite theaters",
  "favourites.theaters.removeNamed": "Remove {name} from my favorite theaters",
  "favourites.theaters.newsletter": "Receive the {name} newsletter",
  "favourites.theaters.loading": "Loading your favorite theaters…",
  "favourites.theaters.saving": "Saving your favorite theaters…",
  "favourites.theaters.guestInvite": "Sign in to choose your favorite theaters",
  "favourites.theaters.error.action": "An error has occured.",
  "favourites.theaters.error.load": "An error has occured while retrieving your favorite theaters.",

  // Selected theater (spec §4 "Selected theater").
  "favourites.selectedTheater.label": "Choose your theater",
  "favourites.selectedTheater.placeholder": "Select a theater",
  "favourites.selectedTheater.current": "Your theater: {name}",
  "favourites.selectedTheater.change": "Change theater",
  // Issue 42: the theater list's and a theater page's offer to make a theater the visitor's own.
  "favourites.selectedTheater.make": "Make this my theater",
  "favourites.selectedTheater.yours": "Your theater",
  "favourites.selectedTheater.switched": "{theater} is now your theater.",
};

export type FavouritesMessageId = keyof typeof favouritesMessagesEnUS;
