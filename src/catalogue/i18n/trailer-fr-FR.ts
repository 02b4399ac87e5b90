import type { trailerMessagesEnUS } from "./trailer-en-US";

export const trailerMessagesFrFR: Record<keyof typeof trailerMessagesEnUS, string> = {
  "trailer.heading": "Bande-annonce",
  "trailer.play": "Lire la bande-annonce de {title}",
  "trailer.player": "Bande-annonce de {title}",
  "trailer.consentNeeded":
    "La bande-annonce est hébergée par {host}, qui dépose des cookies : acceptez-les pour la lire ici.",
  "trailer.consentChoices": "Choisir mes cookies",
  "trailer.watchOnHost": "La regarder sur {host}",
  "trailer.unavailable": "Le lecteur n'a pas pu se charger. Vérifiez votre connexion, puis réessayez.",
  "trailer.retry": "Réessayer",
};
