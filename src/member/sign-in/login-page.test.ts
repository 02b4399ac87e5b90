import { LOGIN_TAB_IDS, loginTabOfFragment, signUpPath } from "./login-page";
import { itReturns } from "../../test/tables";

describe("signUpPath: the login page's sign-up tab", () => {
  itReturns(
    signUpPath,
    [
      ["connexion", "/connexion/#sign-up"],
      ["sign-in", "/sign-in/#sign-up"],
      ["/membres/connexion/", "/membres/connexion/#sign-up"],
    ],
    "slug %p → %p",
  );

  it.each(["", "/", null, undefined])("no login page (slug %p): nowhere to sign up", (slug) => {
    expect(signUpPath(slug)).toBeNull();
  });
});

describe("loginTabOfFragment: the tab a link asks for", () => {
  itReturns(loginTabOfFragment, [
    ["#sign-up", "signUp"],
    ["#sign-in", "signIn"],
    ["", null],
    ["#", null],
    ["#main-content", null],
    ["#Sign-Up", null],
  ]);

  it("reads back the fragment signUpPath writes", () => {
    expect(loginTabOfFragment(new URL(signUpPath("connexion")!, "https://site.example").hash)).toBe("signUp");
    expect(LOGIN_TAB_IDS.signUp).toBe("sign-up");
  });
});
