import {
  activationRequestFor,
  checkRegistration,
  newPasswordProblem,
  registerAsks,
  type RegisterAsks,
  type RegisterCheck,
  type RegisterField,
  type RegisterProblem,
  type RegisterSite,
  type RegisterValues,
} from "./registration";
import { itReturns } from "../../test/tables";

const ada: RegisterValues = {
  email: " ada@example.com ",
  password: "Demo-2026!",
  firstName: " Ada ",
  lastName: "Lovelace ",
  mobile: "06 12 34 56 78",
  cardNumber: "",
  phone: "",
  acknowledgement: true,
};
const noExtras: RegisterAsks = { cardNumber: false, phone: false };
const both: RegisterAsks = { cardNumber: true, phone: true };
const lumiere: RegisterSite = { provider: "BOOST_POS", countryIso2: "fr", asks: noExtras };
const starlight: RegisterSite = { provider: "NONE", countryIso2: "US", asks: noExtras };
const created = {
  email: "ada@example.com",
  password: "Demo-2026!",
  firstName: "Ada",
  lastName: "Lovelace",
  mobileNumber: "+33612345678",
};

/** The check's answer when only this field is wrong: it takes the focus, with its problem. */
function wrongAt(field: RegisterField, problem: RegisterProblem): RegisterCheck {
  return { ok: false, first: field, problems: { [field]: problem } };
}

/** The same, its problem one of the form's messages. */
function messageAt(field: RegisterField, id: Extract<RegisterProblem, { kind: "message" }>["id"]): RegisterCheck {
  return wrongAt(field, { kind: "message", id });
}

describe("checkRegistration", () => {
  it.each<[string, Partial<RegisterValues>, RegisterSite, RegisterCheck]>([
    ["a valid form: trimmed, the mobile in E.164", {}, lumiere, { ok: true, fields: created }],
    [
      "the privacy acknowledgement not ticked (issue 46)",
      { acknowledgement: false },
      lumiere,
      messageAt("acknowledgement", "account.register.acknowledgement.required"),
    ],
    ["no e-mail", { email: "  " }, lumiere, messageAt("email", "account.register.email.required")],
    ["an e-mail without a domain", { email: "ada@example" }, lumiere, messageAt("email", "member.login.invalidEmail")],
    ["no password", { password: "" }, lumiere, messageAt("password", "account.register.password.required")],
    [
      "BOOST_POS: the rules the password still breaks",
      { password: "weakpass" },
      lumiere,
      wrongAt("password", { kind: "password", missing: ["uppercase", "number", "special"] }),
    ],
    ["another provider: any 8 characters", { password: "weakpass" }, starlight, expect.objectContaining({ ok: false })],
    [
      "another provider: too short",
      { password: "short" },
      { ...starlight, countryIso2: "FR" },
      wrongAt("password", { kind: "password", missing: ["length"] }),
    ],
    [
      "blank names",
      { firstName: " ", lastName: "" },
      lumiere,
      {
        ok: false,
        first: "firstName",
        problems: {
          firstName: { kind: "message", id: "account.register.firstName.required" },
          lastName: { kind: "message", id: "account.register.lastName.required" },
        },
      },
    ],
    ["no mobile", { mobile: "" }, lumiere, wrongAt("mobile", { kind: "phone", id: "account.phone.empty" })],
    [
      "a mobile of another country",
      { mobile: "(201) 555-0123" },
      lumiere,
      wrongAt("mobile", { kind: "phone", id: "account.phone.invalid" }),
    ],
    [
      "every problem at once: the first in screen order gets the focus",
      { email: "", password: "", firstName: "", lastName: "", mobile: "" },
      lumiere,
      expect.objectContaining({ ok: false, first: "email" }),
    ],
    [
      "the optional card and phone, when the site asks for them: normalised",
      { cardNumber: "cyp 0000 0000 05", phone: "+33 6 12 34 56 05" },
      { ...lumiere, asks: both },
      { ok: true, fields: { ...created, memberCardNumber: "CYP0000000005", phoneNumber: "+33612345605" } },
    ],
    [
      "the optional card and phone left empty: the §3 defaults stay",
      {},
      { ...lumiere, asks: both },
      { ok: true, fields: created },
    ],
    [
      "a phone that is not valid, when asked for",
      { phone: "12" },
      { ...lumiere, asks: both },
      wrongAt("phone", { kind: "phone", id: "account.phone.invalid" }),
    ],
    [
      "the card and phone are ignored where the site does not ask for them",
      { cardNumber: "CYP1", phone: "12" },
      lumiere,
      { ok: true, fields: created },
    ],
  ])("%s", (_case, values, site, expected) => {
    expect(checkRegistration({ ...ada, ...values }, site)).toEqual(expected);
  });

  it("a US site takes a US number", () => {
    expect(checkRegistration({ ...ada, mobile: "(201) 555-0123" }, starlight)).toEqual({
      ok: true,
      fields: { ...created, mobileNumber: "+12015550123" },
    });
  });
});

it.each([
  ["", "BOOST_POS", { kind: "message", id: "account.register.password.required" }],
  ["Demo-2026!", "BOOST_POS", null],
  ["longenough", "TAPOS", null],
  ["longenough", "BOOST_POS", { kind: "password", missing: ["uppercase", "number", "special"] }],
] as const)("newPasswordProblem(%j, %s)", (password, provider, expected) => {
  expect(newPasswordProblem(password, provider)).toEqual(expected);
});

itReturns(
  registerAsks,
  [
    [{ includeActivation: false, includeActivationCardNumber: true, includeActivationPhoneNumber: true }, noExtras],
    [
      { includeActivation: true, includeActivationCardNumber: true, includeActivationPhoneNumber: false },
      { cardNumber: true, phone: false },
    ],
    [{ includeActivation: true, includeActivationCardNumber: true, includeActivationPhoneNumber: true }, both],
  ],
  "registerAsks(%j)",
);

describe("activationRequestFor (a sign-in answering 26)", () => {
  it.each<[string, object, RegisterAsks, object]>([
    ["the site asks for nothing more", {}, noExtras, { email: "ada@example.com" }],
    [
      "the card given and the phone typed",
      { memberCardNumber: "CYP5", phoneNumber: "+33612345605" },
      both,
      { email: "ada@example.com", cardNumber: "CYP5", mobilePhone: "+33612345605" },
    ],
    [
      "no card given, no phone typed: the mobile number",
      {},
      both,
      { email: "ada@example.com", mobilePhone: "+33612345678" },
    ],
    [
      "only what the site asks for",
      { memberCardNumber: "CYP5", phoneNumber: "+33612345605" },
      { cardNumber: false, phone: true },
      { email: "ada@example.com", mobilePhone: "+33612345605" },
    ],
  ])("%s", (_case, extra, asks, expected) => {
    expect(activationRequestFor({ ...created, ...extra }, asks)).toEqual(expected);
  });
});
