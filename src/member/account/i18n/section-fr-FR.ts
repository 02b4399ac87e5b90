import type { accountSectionMessagesEnUS } from "./section-en-US";

export const accountSectionMessagesFrFR: Record<keyof typeof accountSectionMessagesEnUS, string> = {
  "account.loading": "Chargement de votre compte…",
  "account.offline":
    "Cette partie de votre compte n'est pas disponible hors ligne. Réessayez une fois de retour en ligne.",
  "account.retry": "Réessayer",
  "account.notOffered": "Ce cinéma ne propose pas cette partie du compte.",
  "account.notOffered.back": "Retour à mon compte",
  "account.navigation": "Mon compte",
  "account.navigation.current": "Mon compte : {screen}",
  "account.screen.overview": "Mon compte",
  "account.screen.profile": "Mes informations",
  "account.screen.history": "Mes commandes et mes points",
  "account.screen.rewards": "Récompenses",
  "account.screen.cards": "Mes cartes de fidélité",
  "account.screen.watchlist": "Ma liste d'envies",
  "account.screen.cinemas": "Mes cinémas favoris",
  "account.screen.giftCard": "Solde d'une carte cadeau",
  "account.screen.deleteAccount": "Supprimer mon compte",
  "account.screen.forgotPassword": "Mot de passe ou identifiant oublié",
  "account.screen.resetPassword": "Choisir un nouveau mot de passe",
  "member.login.forgotten": "Mot de passe ou identifiant oublié ?",
  "account.watchlist.unknownFilm": "Film {id} (plus à l'affiche)",
  "account.cinemas.newsletterSaved": "Votre préférence pour la newsletter de {name} a été enregistrée.",
  "member.menu.account": "Mon compte",
};
