import type { shareMessagesEnUS } from "./en-US";

export const shareMessagesFrFR: Record<keyof typeof shareMessagesEnUS, string> = {
  "share.film": "Partager ce film",
  "share.filmNamed": "Partager ce film : {title}",
  "share.copied": "Lien copié",
  "share.copyLabel": "Copiez ce lien",
};
