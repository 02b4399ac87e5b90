/**
 * Loyalty texts in English: the key source for every other loyalty catalogue. Ids follow spec §8:
 * `loyalty.error.{peachCode}` and `loyalty.error.{peachCode}_{provider}` for provider-specific
 * wording; `{code}` in the suffix is passed as a string so no locale adds digit grouping.
 */
export const loyaltyMessagesEnUS = {
  // Spec §8, "Loyalty messages by peachCode".
  "loyalty.error.26": "Your account is not activated",
  "loyalty.error.29": "Your email is not associated with a member",
  "loyalty.error.30": "Member not found",
  "loyalty.error.31": "Incorrect password",
  "loyalty.error.58": "Incorrect password",
  "loyalty.error.34": "This email is already associated to a member",
  "loyalty.error.60": "This email is already associated to a member",
  "loyalty.error.46": "Your account has expired",
  "loyalty.error.51": "Invalid gift card",
  "loyalty.error.57": "Invalid reset code",
  "loyalty.error.72": "This movie can't be added to your watchlist yet",
  "loyalty.error.76": "Your account is already active",
  "loyalty.error.84": "Password should meet complexity rules",
  // Spec §5: the BOOST_POS password rules, spelled out.
  "loyalty.error.84_BOOST_POS":
    "Your password must have at least 8 characters, including 1 lowercase letter, 1 uppercase letter, 1 number and 1 special character",
  "loyalty.error.85": "Invalid activation info",
  "loyalty.error.1015": "You need to change your password",
  "loyalty.error.1019": "Your account is blocked",
  "loyalty.error.1020": "This card is already active",
  // docs/loyalty-upstream.md: the upstream answers peachCode 7 for a missing, unknown or expired token.
  "loyalty.error.7": "Your session has expired. Please log in again.",
  // Spec §8 lists 423 and 429 among the code constants without a meaning; read as HTTP's.
  "loyalty.error.423": "Your account is temporarily locked. Please try again later.",
  "loyalty.error.429": "Too many attempts. Please try again later.",
  "loyalty.error.codeSuffix": "(Code: {code})",

  // Failures that carry no peachCode: the /api/cypher proxy's own answers, and the network.
  "loyalty.error.generic": "An error has occurred. Please try again.",
  "loyalty.error.network": "The member service cannot be reached. Check your connection and try again.",
  "loyalty.error.timeout": "The member service is taking too long to answer. Please try again.",
  "loyalty.error.captcha": "We could not check that you are not a robot. Please try again.",
  "loyalty.error.rateLimited": "Too many attempts. Please wait a moment and try again.",
  "loyalty.error.retryIn": "Too many attempts. Please try again in {seconds} s.",
  "loyalty.error.notConfigured": "Member accounts are not available on this site at the moment.",
  // Spec §4/§8, token validation failure.
  "loyalty.error.invalidToken": "Invalid token",

  // Spec §8, "Favourite theaters" (wording kept as the spec quotes it).
  "loyalty.favoriteTheaters.error": "An error has occured.",
  "loyalty.favoriteTheaters.loadError": "An error has occured while retrieving your favorite theaters.",

  // Spec §5, BOOST_POS password rules, one line each for a checklist under the field.
  "loyalty.password.rules.title": "Your password must have:",
  "loyalty.password.rules.minLength": "at least 8 characters",
  "loyalty.password.rules.lowercase": "1 lowercase letter",
  "loyalty.password.rules.uppercase": "1 uppercase letter",
  "loyalty.password.rules.number": "1 number",
  "loyalty.password.rules.special": "1 special character",
  "member.access.guest": "Member area",
  "member.access.loggedIn": "My account",
  "member.menu.label": "Member menu",
  "member.menu.signOut": "Sign out",
  "member.menu.signedOut": "You are signed out.",
  "member.menu.greeting": "Signed in as {name}",
  "member.login.title": "Sign in",
  "member.login.intro": "Sign in to your member account.",
  "member.login.email": "E-mail address",
  "member.login.password": "Password",
  "member.login.showPassword": "Show password",
  "member.login.hidePassword": "Hide password",
  "member.login.submit": "Sign in",
  "member.login.submitting": "Signing in…",
  "member.login.failed": "Sign-in failed. Please try again.",
  "member.login.expired.explain":
    "Your club membership has ended, so this account can no longer sign in. Renew it to get your member benefits back.",
  "member.login.expired.renew": "Renew my membership",
  "member.login.expired.join": "Join the club again",
  "member.login.expired.boxOffice": "You can renew it at the box office.",
  "member.login.required": "Enter your e-mail address and your password.",
  "member.login.invalidEmail": "Enter a valid e-mail address, such as name@example.com.",
  "member.login.signedIn": "You are signed in as {name}.",
  "member.login.signupTab": "Create an account",
  "member.login.signupCta": "Sign up",
  "member.login.signinTab": "I have an account",
  "member.login.close": "Close",
  "member.login.unavailable": "Member sign-in is not available on this site.",
  "member.login.offline": "The member area is not available offline. Try again once you are back online.",
  "member.signup.offline": "Registration is not available offline. Try again once you are back online.",
  "member.retry": "Try again",
  "member.handoff.redirecting": "You will be redirected in a few seconds...",
  "member.handoff.clickHere": "Click here if it does not work",
  "member.handoff.title": "Taking you to ticketing",
  "member.handoff.refusedTitle": "Ticketing link refused",
  "member.handoff.refusedOutside":
    "This link leads outside the cinema's ticketing service: you were not sent there and your session was not shared. To book, pick a showtime on this site.",
  "member.arrival.title": "Continue as {name}?",
  "member.arrival.intro": "The link you followed signs you in as {incoming}. You are currently signed in as {current}.",
  "member.arrival.continue": "Continue as {name}",
  "member.arrival.stay": "Stay signed in as {name}",
  "member.arrival.switching": "Signing in as {name}…",
  "member.arrival.keptTitle": "Sign-in link not used",
  "member.arrival.unreadable":
    "The link you followed was meant to sign in another member, but their account could not be read (the link may have expired). You are still signed in as {current}.",
  "member.arrival.expired":
    "The link you followed signs in to an account that has expired. You are still signed in as {current}.",
  "member.arrival.failed": "Signing in as {incoming} did not work. You are still signed in as {current}.",
} as const;

export type LoyaltyMessageId = keyof typeof loyaltyMessagesEnUS;
