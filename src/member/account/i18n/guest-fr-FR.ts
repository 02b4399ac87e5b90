import type { accountGuestMessagesEnUS } from "./guest-en-US";

export const accountGuestMessagesFrFR: Record<keyof typeof accountGuestMessagesEnUS, string> = {
  "account.register.title": "Créer votre compte",
  "account.register.intro": "Tous les champs sont obligatoires, sauf mention « facultatif ».",
  "account.register.email": "Adresse e-mail",
  "account.register.email.required": "Saisissez votre adresse e-mail",
  "account.register.password": "Mot de passe",
  "account.register.password.required": "Choisissez un mot de passe",
  "account.register.password.missing": "Il manque encore à votre mot de passe : {rules}",
  "account.register.password.ruleMet": "respecté",
  "account.register.password.ruleUnmet": "pas encore",
  "account.register.firstName": "Prénom",
  "account.register.firstName.required": "Saisissez votre prénom",
  "account.register.lastName": "Nom",
  "account.register.lastName.required": "Saisissez votre nom",
  "account.register.acknowledgement":
    "J'ai lu la politique de confidentialité et j'accepte que mes informations soient conservées pour mon adhésion",
  "account.register.acknowledgement.withTerms":
    "J'accepte les conditions d'utilisation, j'ai lu la politique de confidentialité et j'accepte que mes informations soient conservées pour mon adhésion",
  "account.register.acknowledgement.privacy": "Lire la politique de confidentialité",
  "account.register.acknowledgement.terms": "Lire les conditions d'utilisation",
  "account.register.acknowledgement.required": "Cochez cette case pour créer votre compte",
  "account.register.mobile": "Numéro de mobile",
  "account.register.cardNumber": "Numéro de carte de fidélité (facultatif)",
  "account.register.cardNumber.hint": "Le numéro imprimé sur votre carte, si vous en avez déjà une.",
  "account.register.phone": "Téléphone enregistré (facultatif)",
  "account.register.phone.hint": "Le numéro que le cinéma connaît déjà pour vous, s'il diffère de votre mobile.",
  "account.register.submit": "Créer mon compte",
  "account.register.submitting": "Création de votre compte…",
  "account.register.failed": "Nous n'avons pas pu créer votre compte. Veuillez réessayer.",
  "account.register.activation.stopped":
    "Nous n'avons pas pu activer votre adhésion : le service d'adhésion n'a pas renvoyé tout ce qu'il faut pour terminer. Rien ne vous a été facturé. Réessayez plus tard ou contactez le cinéma.",
  "account.register.activation.failed": "Nous n'avons pas pu activer votre adhésion. Veuillez réessayer.",
  "account.register.success": "Bienvenue, {name} ! Votre compte est prêt et vous êtes connecté·e.",
  "account.register.goToAccount": "Accéder à mon compte",
  "account.register.activate":
    "Votre compte a été créé. Pour l'activer, suivez le lien de l'e-mail envoyé à {email}, puis connectez-vous.",
  "account.register.activation.resend": "Renvoyer l'e-mail d'activation",
  "account.register.activation.resending": "Envoi…",
  "account.register.activation.resent":
    "Nous avons envoyé un nouvel e-mail d'activation à {email}. Suivez son lien, puis connectez-vous.",
  "account.register.activation.resendFailed": "Nous n'avons pas pu envoyer l'e-mail d'activation. Veuillez réessayer.",
  "account.register.signInFailed": "Votre compte a été créé, mais nous n'avons pas pu vous connecter : {reason}",
  "account.register.goToSignIn": "Aller à la page de connexion",

  "account.forgot.email": "Adresse e-mail",
  "account.forgot.email.required": "Saisissez votre adresse e-mail",
  "account.forgot.sending": "Envoi…",
  "account.forgot.failed": "Nous n'avons pas pu envoyer l'e-mail. Veuillez réessayer.",
  "account.forgot.password.title": "Réinitialiser votre mot de passe",
  "account.forgot.password.intro":
    "Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
  "account.forgot.password.submit": "M'envoyer un lien de réinitialisation",
  "account.forgot.password.sent":
    "Si un compte existe pour {email}, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Consultez vos e-mails, sans oublier les indésirables.",
  "account.forgot.username.title": "Identifiant oublié ?",
  "account.forgot.username.intro":
    "Saisissez l'adresse e-mail de votre compte : nous vous enverrons votre identifiant.",
  "account.forgot.username.submit": "M'envoyer mon identifiant",
  "account.forgot.username.sent":
    "Si un compte existe pour {email}, nous lui avons envoyé votre identifiant. Consultez vos e-mails.",
  "account.forgot.backToSignIn": "Retour à la connexion",

  "account.reset.intro": "Choisissez un nouveau mot de passe pour votre compte.",
  "account.reset.password": "Nouveau mot de passe",
  "account.reset.confirm": "Confirmez le nouveau mot de passe",
  "account.reset.confirm.required": "Saisissez à nouveau le nouveau mot de passe",
  "account.reset.mismatch": "Les deux mots de passe ne sont pas identiques",
  "account.reset.submit": "Enregistrer mon nouveau mot de passe",
  "account.reset.submitting": "Enregistrement…",
  "account.reset.failed": "Nous n'avons pas pu changer votre mot de passe. Veuillez réessayer.",
  "account.reset.success":
    "Votre mot de passe a été changé. Vous pouvez désormais vous connecter avec ce nouveau mot de passe.",
  "account.reset.signIn": "Se connecter",
  "account.reset.requestNew": "Demander un nouveau lien",
};
