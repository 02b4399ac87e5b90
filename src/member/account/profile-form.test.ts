import { member } from "../../test/loyalty-fakes";
import { checkProfile, firstInvalidField, profileValuesOf, type ProfileValues } from "./profile-form";

const TODAY = "2026-11-20";
const valid: ProfileValues = {
  firstName: " Ada ",
  lastName: "Lovelace",
  email: " ada@example.com ",
  mobilePhone: "06 12 34 56 78",
  birthDate: "1990-04-12",
};

describe("profile form", () => {
  it("starts from the member's details", () => {
    expect(profileValuesOf(member)).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      mobilePhone: "+33600000000",
      birthDate: "1990-01-01",
    });
  });

  it("a valid form gives the Edit payload: trimmed, the phone in E.164", () => {
    expect(checkProfile(valid, "FR", TODAY)).toEqual({
      ok: true,
      edit: {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        mobilePhone: "+33612345678",
        birthDate: "1990-04-12",
      },
    });
  });

  it("the phone is checked for the site's country: a French mobile is refused on a US site", () => {
    expect(checkProfile(valid, "US", TODAY)).toEqual({ ok: false, errors: { mobilePhone: "account.phone.invalid" } });
    expect(checkProfile({ ...valid, mobilePhone: "(201) 555-0123" }, "US", TODAY)).toMatchObject({
      ok: true,
      edit: { mobilePhone: "+12015550123" },
    });
  });

  it("the birth date is optional; an empty one clears it", () => {
    expect(checkProfile({ ...valid, birthDate: "" }, "FR", TODAY)).toMatchObject({ ok: true, edit: { birthDate: "" } });
  });

  it.each(["2026-11-21", "1990-02-30", "12/04/1990", "1850-01-01"])("birth date %j is refused", (birthDate) => {
    expect(checkProfile({ ...valid, birthDate }, "FR", TODAY)).toEqual({
      ok: false,
      errors: { birthDate: "account.profile.birthDate.invalid" },
    });
  });

  it("every problem is named, and the first in form order takes focus", () => {
    const check = checkProfile(
      { firstName: " ", lastName: "", email: "ada@", mobilePhone: "", birthDate: "" },
      "FR",
      TODAY,
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        firstName: "account.profile.firstName.required",
        lastName: "account.profile.lastName.required",
        email: "account.profile.email.invalid",
        mobilePhone: "account.phone.empty",
      },
    });
    expect(check.ok ? null : firstInvalidField(check.errors)).toBe("firstName");
    expect(
      firstInvalidField({ birthDate: "account.profile.birthDate.invalid", email: "account.profile.email.required" }),
    ).toBe("email");
    expect(firstInvalidField({})).toBeNull();
  });

  it("an empty e-mail says so", () => {
    expect(checkProfile({ ...valid, email: "" }, "FR", TODAY)).toEqual({
      ok: false,
      errors: { email: "account.profile.email.required" },
    });
  });
});
