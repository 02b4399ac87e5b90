/** Texts of the account's guest screens (register, forgotten password, reset). English is the key source. */
export const accountGuestMessagesEnUS = {
  // Registration, the login page's sign-up tab.
  "account.register.title": "Create your account",
  "account.register.intro": "All fields are required unless marked optional.",
  "account.register.email": "E-mail address",
  "account.register.email.required": "Enter your e-mail address",
  "account.register.password": "Password",
  "account.register.password.required": "Choose a password",
  "account.register.password.missing": "Your password still needs: {rules}",
  // Read after each rule of the checklist by screen readers (the tick is only visual).
  "account.register.password.ruleMet": "done",
  "account.register.password.ruleUnmet": "not yet",
  "account.register.firstName": "First name",
  "account.register.firstName.required": "Enter your first name",
  "account.register.lastName": "Last name",
  "account.register.lastName.required": "Enter your last name",
  "account.register.acknowledgement":
    "I have read the privacy policy and agree that my details are kept for my membership",
  "account.register.acknowledgement.withTerms":
    "I accept the terms of use, have read the privacy policy and agree that my details are kept for my membership",
  "account.register.acknowledgement.privacy": "Read the privacy policy",
  "account.register.acknowledgement.terms": "Read the terms of use",
  "account.register.acknowledgement.required": "Tick this box to create your account",
  "account.register.mobile": "Mobile number",
  "account.register.cardNumber": "Loyalty card number (optional)",
  "account.register.cardNumber.hint": "The number printed on your card, if you already have one.",
  "account.register.phone": "Phone number on file (optional)",
  "account.register.phone.hint": "The number the cinema already has for you, if it is not your mobile number.",
  "account.register.submit": "Create my account",
  "account.register.submitting": "Creating your account…",
  "account.register.failed": "We could not create your account. Please try again.",
  "account.register.activation.stopped":
    "We could not activate your membership: the membership service did not answer everything we need to finish. Nothing has been charged. Please try again later or contact the cinema.",
  "account.register.activation.failed": "We could not activate your membership. Please try again.",
  "account.register.success": "Welcome, {name}! Your account is ready and you are signed in.",
  "account.register.goToAccount": "Go to my account",
  "account.register.activate":
    "Your account has been created. To activate it, follow the link in the e-mail we sent to {email}, then sign in.",
  "account.register.activation.resend": "Send the activation e-mail again",
  "account.register.activation.resending": "Sending…",
  "account.register.activation.resent":
    "We have sent a new activation e-mail to {email}. Follow its link, then sign in.",
  "account.register.activation.resendFailed": "We could not send the activation e-mail. Please try again.",
  "account.register.signInFailed": "Your account has been created, but we could not sign you in: {reason}",
  "account.register.goToSignIn": "Go to the sign-in page",

  // Forgotten password or username.
  "account.forgot.email": "E-mail address",
  "account.forgot.email.required": "Enter your e-mail address",
  "account.forgot.sending": "Sending…",
  "account.forgot.failed": "We could not send the e-mail. Please try again.",
  "account.forgot.password.title": "Reset your password",
  "account.forgot.password.intro":
    "Enter the e-mail address of your account and we will send you a link to choose a new password.",
  "account.forgot.password.submit": "Send me a reset link",
  "account.forgot.password.sent":
    "If an account exists for {email}, we have sent it a link to choose a new password. Check your e-mail, including your spam folder.",
  "account.forgot.username.title": "Forgot your username?",
  "account.forgot.username.intro": "Enter the e-mail address of your account and we will send you your username.",
  "account.forgot.username.submit": "Send me my username",
  "account.forgot.username.sent": "If an account exists for {email}, we have sent it your username. Check your e-mail.",
  "account.forgot.backToSignIn": "Back to sign in",

  // The reset page, opened from the e-mailed link.
  "account.reset.intro": "Choose a new password for your account.",
  "account.reset.password": "New password",
  "account.reset.confirm": "Confirm the new password",
  "account.reset.confirm.required": "Enter the new password again",
  "account.reset.mismatch": "The two passwords are not the same",
  "account.reset.submit": "Save my new password",
  "account.reset.submitting": "Saving…",
  "account.reset.failed": "We could not change your password. Please try again.",
  "account.reset.success": "Your password has been changed. You can now sign in with it.",
  "account.reset.signIn": "Sign in",
  "account.reset.requestNew": "Ask for a new reset link",
} as const;
