import type { LoyaltyMessageId } from "./en-US";

/** Loyalty texts in French; `satisfies` keeps the ids exactly those of the English catalogue. */
export const loyaltyMessagesFrFR = {
  "loyalty.error.26": "Votre compte n'est pas activé",
  "loyalty.error.29": "Votre adresse e-mail n'est associée à aucun membre",
  "loyalty.error.30": "Membre introuvable",
  "loyalty.error.31": "Mot de passe incorrect",
  "loyalty.error.58": "Mot de passe incorrect",
  "loyalty.error.34": "Cette adresse e-mail est déjà associée à un membre",
  "loyalty.error.60": "Cette adresse e-mail est déjà associée à un membre",
  "loyalty.error.46": "Votre compte a expiré",
  "loyalty.error.51": "Carte cadeau invalide",
  "loyalty.error.57": "Code de réinitialisation invalide",
  "loyalty.error.72": "Ce film ne peut pas encore être ajouté à votre liste d'envies",
  "loyalty.error.76": "Votre compte est déjà actif",
  "loyalty.error.84": "Le mot de passe ne respecte pas les règles de complexité",
  "loyalty.error.84_BOOST_POS":
    "Votre mot de passe doit comporter au moins 8 caractères, dont 1 lettre minuscule, 1 lettre majuscule, 1 chiffre et 1 caractère spécial",
  "loyalty.error.85": "Informations d'activation invalides",
  "loyalty.error.1015": "Vous devez changer votre mot de passe",
  "loyalty.error.1019": "Votre compte est bloqué",
  "loyalty.error.1020": "Cette carte est déjà active",
  "loyalty.error.7": "Votre session a expiré. Veuillez vous reconnecter.",
  "loyalty.error.codeSuffix": "(Code : {code})",

  "loyalty.error.generic": "Une erreur est survenue. Veuillez réessayer.",
  "loyalty.error.network": "Le service membre est injoignable. Vérifiez votre connexion et réessayez.",
  "loyalty.error.timeout": "Le service membre met trop de temps à répondre. Veuillez réessayer.",
  "loyalty.error.captcha": "Nous n'avons pas pu vérifier que vous n'êtes pas un robot. Veuillez réessayer.",
  "loyalty.error.rateLimited": "Trop de tentatives. Patientez un instant avant de réessayer.",
  "loyalty.error.notConfigured": "L'espace membre n'est pas disponible sur ce site pour le moment.",
  "loyalty.error.invalidToken": "Jeton de connexion invalide",

  "loyalty.favoriteTheaters.error": "Une erreur est survenue.",
  "loyalty.favoriteTheaters.loadError": "Une erreur est survenue lors de la récupération de vos cinémas favoris.",

  "loyalty.password.rules.title": "Votre mot de passe doit comporter :",
  "loyalty.password.rules.minLength": "au moins 8 caractères",
  "loyalty.password.rules.lowercase": "1 lettre minuscule",
  "loyalty.password.rules.uppercase": "1 lettre majuscule",
  "loyalty.password.rules.number": "1 chiffre",
  "loyalty.password.rules.special": "1 caractère spécial",
} as const satisfies Record<LoyaltyMessageId, string>;
