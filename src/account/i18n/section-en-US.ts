/** The account section's frame: screen names, navigation, loading. English is the key source. */
export const accountSectionMessagesEnUS = {
  "account.loading": "Loading your account…",
  "account.navigation": "My account",
  "account.screen.overview": "My account",
  "account.screen.profile": "My details",
  "account.screen.history": "My orders and points",
  "account.screen.rewards": "Rewards",
  "account.screen.cards": "My loyalty cards",
  "account.screen.watchlist": "My watchlist",
  "account.screen.cinemas": "My favorite theaters",
  "account.screen.giftCard": "Gift card balance",
  "account.screen.deleteAccount": "Delete my account",
  "account.screen.forgotPassword": "Forgot password or username",
  "account.screen.resetPassword": "Choose a new password",
  "member.login.forgotten": "Forgot your password or username?",
  "account.watchlist.unknownFilm": "Film {id} (no longer showing)",
  "member.menu.account": "My account",
};
