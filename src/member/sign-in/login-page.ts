// The login page (settings.loginPage.slug) as other screens link to it. Registration is its
// sign-up tab (README), so "create an account" anywhere on the site is a link to that tab: the
// tab's id is the link's fragment, which selects the tab and, as any fragment does (spec §2),
// moves the focus to it. Pure: the page (src/templates/LoginTemplate.tsx) and the sign-in dialog
// both read it.

export type LoginTab = "signIn" | "signUp";

/** Each tab's element id, and the fragment that opens it: /connexion/#sign-up. */
export const LOGIN_TAB_IDS: Readonly<Record<LoginTab, string>> = { signIn: "sign-in", signUp: "sign-up" };

/** The tab a URL's fragment ("#sign-up", as location.hash gives it) asks for, or null. */
export function loginTabOfFragment(hash: string): LoginTab | null {
  const id = hash.replace(/^#/, "");
  if (id === LOGIN_TAB_IDS.signUp) return "signUp";
  if (id === LOGIN_TAB_IDS.signIn) return "signIn";
  return null;
}

/** The login page's sign-up tab, or null when the site has no login page (an empty slug). */
export function signUpPath(loginPageSlug: string | null | undefined): string | null {
  const slug = (loginPageSlug ?? "").replace(/^\/+|\/+$/g, "");
  return slug ? `/${slug}/#${LOGIN_TAB_IDS.signUp}` : null;
}
