import type { favouritesMessagesEnUS } from "./en-US";

/** Favourites texts in French; the type keeps the ids exactly those of the English catalogue. */
export const favouritesMessagesFrFR: Record<keyof typeof favouritesMessagesEnUS, string> = {
  "favourites.watchlist.add": "Ajouter {title} à ma liste d'envies",
  "favourites.watchlist.remove": "Retirer {title} de ma liste d'envies",
  // The toggle's accessible name: the visible "My watchlist" first (WCAG 2.5.3), then the film.
  "favourites.watchlist.toggleNamed": "Ma liste d'envies : {title}",
  "favourites.watchlist.guestNamed": "Ma liste d'envies : connectez-vous pour y ajouter {title}",
  "favourites.watchlist.toggle": "Ajouter à ma liste d'envies",
  "favourites.watchlist.inWatchlist": "Dans ma liste d'envies",
  "favourites.watchlist.adding": "Ajout à votre liste d'envies…",
  "favourites.watchlist.removing": "Retrait de votre liste d'envies…",
  "favourites.watchlist.loading": "Chargement de votre liste d'envies…",
  "favourites.watchlist.guestInvite": "Connectez-vous pour garder une liste d'envies",
  "favourites.watchlist.title": "Ma liste d'envies",
  "favourites.watchlist.empty": "Votre liste d'envies est vide.",
  "favourites.watchlist.error.add": "Ce film n'a pas pu être ajouté à votre liste d'envies.",
  "favourites.watchlist.error.remove": "Ce film n'a pas pu être retiré de votre liste d'envies.",
  "favourites.watchlist.error.load": "Votre liste d'envies n'a pas pu être chargée.",

  "favourites.theaters.title": "Mes cinémas favoris",
  "favourites.theaters.empty": "Vous n'avez pas encore de cinéma favori.",
  "favourites.theaters.add": "Ajouter à mes cinémas favoris",
  "favourites.theaters.remove": "Retirer de mes cinémas favoris",
  "favourites.theaters.addNamed": "Ajouter {name} à mes cinémas favoris",
  "favourites.theaters.removeNamed": "Retirer {name} de mes cinémas favoris",
  "favourites.theaters.newsletter": "Recevoir la newsletter de {name}",
  "favourites.theaters.loading": "Chargement de vos cinémas favoris…",
  "favourites.theaters.saving": "Enregistrement de vos cinémas favoris…",
  "favourites.theaters.guestInvite": "Connectez-vous pour choisir vos cinémas favoris",
  "favourites.theaters.error.action": "Une erreur est survenue.",
  "favourites.theaters.error.load": "Une erreur est survenue lors de la récupération de vos cinémas favoris.",

  "favourites.selectedTheater.label": "Choisissez votre cinéma",
  "favourites.selectedTheater.placeholder": "Sélectionnez un cinéma",
  "favourites.selectedTheater.current": "Votre cinéma : {name}",
  "favourites.selectedTheater.change": "Changer de cinéma",
  "favourites.selectedTheater.make": "En faire mon cinéma",
  "favourites.selectedTheater.yours": "Votre cinéma",
  "favourites.selectedTheater.switched": "{theater} est maintenant votre cinéma.",
};
