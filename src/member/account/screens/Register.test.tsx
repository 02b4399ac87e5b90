// Registration against the sandbox provider through the real proxy (lumiere: v3, BOOST_POS, FR;
// starlight: v1, NONE, US), plus a fake provider for the activation answers the sandbox never gives.
import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { createLoyaltyClient } from "../../provider/client";
import { memberCreationPayload } from "../../provider/api/creation-payload";
import { fakeFetch } from "../../../test/loyalty-fakes";
import Register from "./Register";
import {
  DEMO_PASSWORD,
  enter,
  recordingSandboxFetch,
  renderRecorded,
  renderScreen,
  withSandboxProvider,
} from "../../../test/screen-harness";

jest.mock("gatsby", () => jest.requireActual("../../../test/gatsby-mock"));
// The page's reCAPTCHA executor: a token named after the action it was minted for.
jest.mock("../../sign-in/captcha", () => jest.requireActual("../../../test/captcha-mock").tokenPerAction());

const sandbox = withSandboxProvider();
let counter = 0;
const freshEmail = (label: string) => `new.${label}.${Date.now()}.${(counter += 1)}@example.com`;

type Form = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  mobile: string;
  cardNumber?: string;
  phone?: string;
  /** Whether the privacy box gets ticked; it does unless false. */
  acknowledged?: boolean;
};

const FR = {
  email: "Adresse e-mail",
  password: "Mot de passe",
  firstName: "Prénom",
  lastName: "Nom",
  mobile: "Numéro de mobile",
  submit: "Créer mon compte",
};
const US = {
  email: "E-mail address",
  password: "Password",
  firstName: "First name",
  lastName: "Last name",
  mobile: "Mobile number",
  submit: "Create my account",
};
type Labels = typeof FR;

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { exact: true, selector: "input" });
}

async function fill(user: UserEvent, labels: Labels, form: Form) {
  for (const [label, value] of [
    [labels.email, form.email],
    [labels.password, form.password],
    [labels.firstName, form.firstName],
    [labels.lastName, form.lastName],
    [labels.mobile, form.mobile],
  ] as const) {
    await user.clear(field(label));
    if (value) await enter(user, field(label), value);
  }
  if (form.cardNumber !== undefined)
    await user.type(field("Numéro de carte de fidélité (facultatif)"), form.cardNumber);
  if (form.phone !== undefined) await user.type(field("Téléphone enregistré (facultatif)"), form.phone);
  if (form.acknowledged !== false) await user.click(acknowledgement());
}

/** The box acknowledging the privacy policy (issue 46), on either site. */
const acknowledgement = () => screen.getByRole("checkbox", { name: /politique de confidentialité|privacy policy/ });

const ada = (email: string): Form => ({
  email,
  password: DEMO_PASSWORD,
  firstName: "Ada",
  lastName: "Lovelace",
  mobile: "06 12 34 56 78",
});

describe("register on the French site (v3, BOOST_POS)", () => {
  it("creates the account with the §3 payload, signs the member in and links to the account", async () => {
    const { user, session, recorder } = await renderRecorded(<Register />, { siteId: "lumiere" });
    expect(screen.getByRole("heading", { level: 2, name: "Créer votre compte" })).toBeInTheDocument();
    const email = freshEmail("fr");
    await fill(user, FR, ada(email));
    await user.click(screen.getByRole("button", { name: FR.submit }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Bienvenue, Ada ! Votre compte est prêt et vous êtes connecté·e.",
    );
    expect(screen.getByRole("link", { name: "Accéder à mon compte" })).toHaveAttribute("href", "/account/");
    expect(session().member).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace" });
    expect(recorder.paths()).toEqual(["/Member/v3/Create", "/Member/v3/Login"]);
    // Each call its own captcha token (issue 43): sign-up, then sign-in (a token is single-use).
    expect(recorder.sent.map(({ metadata }) => metadata["g-recaptcha-response"])).toEqual([
      "token-for-signup",
      "token-for-login",
    ]);
    // The spec §3 defaults are pinned field by field in creation-payload.test.ts.
    expect(recorder.sent[0]?.body).toEqual(
      memberCreationPayload(
        { clubId: "1" },
        {
          email,
          password: DEMO_PASSWORD,
          firstName: "Ada",
          lastName: "Lovelace",
          mobileNumber: "+33612345678",
        },
      ),
    );
  });

  it("keeps the apostrophe of a name, as ’: the provider stores N’Diaye, not NDiaye (issue 46)", async () => {
    const { user, session, recorder } = await renderRecorded(<Register />, { siteId: "lumiere" });
    await fill(user, FR, { ...ada(freshEmail("apostrophe")), firstName: "D'Arcy-Ñoño", lastName: "N'Diaye" });
    expect(field(FR.lastName)).toHaveValue("N\u2019Diaye");
    await user.click(screen.getByRole("button", { name: FR.submit }));

    await screen.findByRole("status");
    expect(recorder.sent[0]?.body).toMatchObject({ firstName: "D\u2019Arcy-Ñoño", lastName: "N\u2019Diaye" });
    expect(session().member).toMatchObject({ firstName: "D\u2019Arcy-Ñoño", lastName: "N\u2019Diaye" });
  });

  it("asks for the privacy acknowledgement before sending anything, linking the policy (issue 46)", async () => {
    const { user, recorder } = await renderRecorded(<Register />, { siteId: "lumiere" });
    await fill(user, FR, { ...ada(freshEmail("unticked")), acknowledged: false });
    await user.click(screen.getByRole("button", { name: FR.submit }));

    const box = acknowledgement();
    expect(box).toHaveFocus();
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription(
      "Lire la politique de confidentialité Cochez cette case pour créer votre compte",
    );
    expect(screen.getByRole("link", { name: "Lire la politique de confidentialité" })).toHaveAttribute(
      "href",
      "/confidentialite/",
    );
    // Lumière names no terms page: only the policy is acknowledged.
    expect(screen.queryByRole("link", { name: /conditions/ })).toBeNull();
    expect(recorder.paths()).toEqual([]);

    await user.click(box);
    await user.click(screen.getByRole("button", { name: FR.submit }));
    expect(await screen.findByRole("status")).toHaveTextContent("Bienvenue, Ada !");
    expect(recorder.paths()).toEqual(["/Member/v3/Create", "/Member/v3/Login"]);
  });

  it("tells the login page once the account exists, before signing the member in (the page then welcomes them)", async () => {
    const calledAfter: string[][] = [];
    const { user, recorder } = await renderRecorded(
      <Register onAccountCreated={() => calledAfter.push(recorder.paths())} />,
      { siteId: "lumiere" },
    );
    await fill(user, FR, ada(freshEmail("created")));
    await user.click(screen.getByRole("button", { name: FR.submit }));
    expect(await screen.findByRole("status")).toHaveTextContent("Bienvenue, Ada !");
    expect(calledAfter).toEqual([["/Member/v3/Create"]]);
  });

  it("shows the BOOST_POS rules as a live checklist and sends nothing while one is broken", async () => {
    const { user, recorder } = await renderRecorded(<Register />, { siteId: "lumiere" });
    const password = field(FR.password);
    const checklist = screen.getByRole("list");
    expect(checklist.querySelectorAll("li")).toHaveLength(5);
    await fill(user, FR, { ...ada(freshEmail("weak")), password: "weakpass" });
    // Length and lowercase are met; uppercase, number and special are not.
    expect(screen.getByText("au moins 8 caractères").closest("li")).toHaveAttribute("data-met", "true");
    expect(screen.getByText("1 chiffre").closest("li")).toHaveAttribute("data-met", "false");
    expect(password).toHaveAccessibleDescription(/au moins 8 caractères \(respecté\).*1 chiffre \(pas encore\)/);

    await user.click(screen.getByRole("button", { name: FR.submit }));
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription(
      /Il manque encore à votre mot de passe : 1 lettre majuscule, 1 chiffre et 1 caractère spécial/,
    );
    expect(recorder.sent).toEqual([]);
    // What was typed is kept.
    expect(password).toHaveValue("weakpass");
    expect(field(FR.firstName)).toHaveValue("Ada");
  });

  it("words the missing rules as the end of one French sentence, the length rule included", async () => {
    const { user, recorder } = await renderRecorded(<Register />, { siteId: "lumiere" });
    await fill(user, FR, { ...ada(freshEmail("short")), password: "court" });
    await user.click(screen.getByRole("button", { name: FR.submit }));
    expect(field(FR.password)).toHaveAccessibleDescription(
      /Il manque encore à votre mot de passe : au moins 8 caractères, 1 lettre majuscule, 1 chiffre et 1 caractère spécial$/,
    );
    expect(recorder.sent).toEqual([]);
  });

  it("refuses an empty or foreign mobile number before sending", async () => {
    const { user, recorder } = await renderRecorded(<Register />, { siteId: "lumiere" });
    await fill(user, FR, { ...ada(freshEmail("phone")), mobile: "" });
    await user.click(screen.getByRole("button", { name: FR.submit }));
    const mobile = field(FR.mobile);
    expect(mobile).toHaveFocus();
    expect(mobile).toHaveAccessibleDescription("Saisissez un numéro de mobile");

    await user.type(mobile, "(201) 555-0123");
    await user.click(screen.getByRole("button", { name: FR.submit }));
    expect(mobile).toHaveFocus();
    expect(mobile).toHaveAttribute("aria-invalid", "true");
    expect(mobile).toHaveAccessibleDescription("Ce numéro de téléphone n'est pas valide (France)");
    expect(recorder.sent).toEqual([]);
  });

  it("a taken e-mail answers code 34's message in a focused alert; the form keeps its values", async () => {
    const { user, session } = await renderScreen(<Register />, { siteId: "lumiere" });
    await fill(user, FR, ada("active.v3@example.com"));
    await user.click(screen.getByRole("button", { name: FR.submit }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cette adresse e-mail est déjà associée à un membre (Code : 34)");
    expect(alert).toHaveFocus();
    expect(field(FR.email)).toHaveValue("active.v3@example.com");
    expect(field(FR.password)).toHaveValue(DEMO_PASSWORD);
    expect(field(FR.mobile)).toHaveValue("06 12 34 56 78");
    expect(session().member).toBeNull();
  });

  it("a sign-up the server's captcha check refuses says so; nothing else is sent and the form is kept", async () => {
    const fake = fakeFetch({
      "/Member/v3/Create": { status: 403, json: { error: { code: "captcha_failed", message: "refused" } } },
    });
    const { user, session } = await renderScreen(<Register />, {
      siteId: "lumiere",
      client: (config) => createLoyaltyClient({ config, brand: "Cypher", fetchImpl: fake.fetchImpl }),
    });
    await fill(user, FR, ada("someone@example.com"));
    await user.click(screen.getByRole("button", { name: FR.submit }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Nous n'avons pas pu vérifier que vous n'êtes pas un robot. Veuillez réessayer.");
    expect(alert).toHaveFocus();
    expect(fake.calls).toHaveLength(1);
    expect(session().member).toBeNull();
    expect(field(FR.email)).toHaveValue("someone@example.com");
  });

  it("a sign-in answering 26 tells the member to activate the account from their e-mail", async () => {
    const { user, session, recorder } = await renderRecorded(<Register />, { siteId: "lumiere" });
    sandbox().forceNextError("/Member/v3/Login", 26);
    const email = freshEmail("inactive");
    await fill(user, FR, ada(email));
    await user.click(screen.getByRole("button", { name: FR.submit }));
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent(
      `Votre compte a été créé. Pour l'activer, suivez le lien de l'e-mail envoyé à ${email}, puis connectez-vous.`,
    );
    expect(session().member).toBeNull();
    // Asking again reaches the provider, which by now knows the account as active (76).
    await user.click(screen.getByRole("button", { name: "Renvoyer l'e-mail d'activation" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Votre compte est déjà actif (Code : 76)");
    expect(alert).toHaveFocus();
    expect(recorder.sent.at(-1)).toMatchObject({
      path: "/Member/v3/SendMemberActivationCode",
      metadata: { "g-recaptcha-response": "token-for-activation_code" },
    });
  });
});

describe("register on the US site (v1, provider NONE)", () => {
  it("creates the account through the v1 route and signs the member in", async () => {
    const recorder = recordingSandboxFetch();
    // Without the paid activation the US site sells on registration (tested below).
    const { user, session } = await renderScreen(<Register />, {
      siteId: "starlight",
      loyalty: { includeActivation: false },
      client: recorder.client,
    });
    const email = freshEmail("us");
    await fill(user, US, {
      email,
      password: "longenough",
      firstName: "Grace",
      lastName: "Hopper",
      mobile: "(201) 555-0123",
    });
    await user.click(screen.getByRole("button", { name: US.submit }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Welcome, Grace! Your account is ready and you are signed in.",
    );
    expect(session().session).toMatchObject({ cypherVersion: 1, member: { email } });
    expect(recorder.paths()).toEqual(["/Member/Create", "/Member/Login"]);
    expect(recorder.sent[0]?.body).toMatchObject({
      clubId: "",
      username: email,
      phoneNumber: "+12015550123",
      mobileNumber: "+12015550123",
    });
  });

  it("asks only for 8 characters, and refuses a French number", async () => {
    const { user, recorder } = await renderRecorded(<Register />, { siteId: "starlight" });
    expect(screen.getByRole("list").querySelectorAll("li")).toHaveLength(1);
    await fill(user, US, {
      email: freshEmail("short"),
      password: "short",
      firstName: "Grace",
      lastName: "Hopper",
      mobile: "06 12 34 56 78",
    });
    await user.click(screen.getByRole("button", { name: US.submit }));
    expect(field(US.password)).toHaveFocus();
    expect(field(US.password)).toHaveAccessibleDescription(/Your password still needs: at least 8 characters$/);
    expect(field(US.mobile)).toHaveAccessibleDescription("This is not a valid phone number for United States");
    expect(recorder.sent).toEqual([]);
  });
});

describe("paid activation where the site sells memberships (includeActivation)", () => {
  const selling = { includeActivation: true, includeActivationCardNumber: true, includeActivationPhoneNumber: true };

  it("runs the four §4 steps for inactive@example.com, then signs the member in", async () => {
    const { user, session, recorder } = await renderRecorded(<Register />, {
      siteId: "lumiere",
      loyalty: selling,
    });
    await fill(user, FR, {
      ...ada("inactive@example.com"),
      firstName: "Ines",
      lastName: "Inactive",
      mobile: "06 12 34 56 05",
      cardNumber: "cyp0000000005",
      phone: "+33612345605",
    });
    expect(field("Numéro de carte de fidélité (facultatif)")).toHaveValue("CYP0000000005");
    await user.click(screen.getByRole("button", { name: FR.submit }));

    expect(await screen.findByRole("status")).toHaveTextContent("Bienvenue, Ines !");
    expect(session().member).toMatchObject({ email: "inactive@example.com" });
    expect(recorder.paths()).toEqual([
      "/Member/GetMembershipList/LUM01/",
      "/Member/SetMemberToActivateOnComplete",
      "/Member/AddMembership/LUM01",
      "/Member/CompletePayment/",
      "/Member/v3/Login",
    ]);
    // The step that creates the account carries a sign-up token, as Create would; sign-in its own.
    expect(recorder.sent.map(({ metadata }) => metadata["g-recaptcha-response"])).toEqual([
      undefined,
      "token-for-signup",
      undefined,
      undefined,
      "token-for-login",
    ]);
    expect(recorder.sent[1]?.body).toMatchObject({
      email: "inactive@example.com",
      memberLevelId: 1,
      memberItemId: "MEMBER-ANNUAL",
      clubId: "1",
      memberCardNumber: "CYP0000000005",
      phoneNumber: "+33612345605",
      mobileNumber: "+33612345605",
    });
  });

  it.each([
    [
      "the membership list has no item code",
      {
        "/Member/GetMembershipList/LUM01/": {
          json: { peachCode: 0, listConcessionGrouping: [{ name: "M", items: [{ description: "No code" }] }] },
        },
      },
      1,
    ],
    [
      "activate-on-complete answers no userSessionId",
      {
        "/Member/GetMembershipList/LUM01/": {
          json: {
            peachCode: 0,
            listConcessionGrouping: [{ name: "M", items: [{ code: "MEMBER-ANNUAL", memberLevelId: 1 }] }],
          },
        },
        "/Member/SetMemberToActivateOnComplete": { json: { peachCode: 0 } },
      },
      2,
    ],
    [
      "add-membership answers no orderId",
      {
        "/Member/GetMembershipList/LUM01/": {
          json: {
            peachCode: 0,
            listConcessionGrouping: [{ name: "M", items: [{ code: "MEMBER-ANNUAL", memberLevelId: 1 }] }],
          },
        },
        "/Member/SetMemberToActivateOnComplete": { json: { peachCode: 0, userSessionId: "usid" } },
        "/Member/AddMembership/LUM01": { json: { peachCode: 0 } },
      },
      3,
    ],
  ])("stops cleanly when %s, with a clear message and the form kept", async (_case, answers, calls) => {
    const fake = fakeFetch(answers);
    const { user, session } = await renderScreen(<Register />, {
      siteId: "lumiere",
      loyalty: selling,
      client: (config) => createLoyaltyClient({ config, brand: "Cypher", fetchImpl: fake.fetchImpl }),
    });
    await fill(user, FR, ada("someone@example.com"));
    await user.click(screen.getByRole("button", { name: FR.submit }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/Nous n'avons pas pu activer votre adhésion .* Rien ne vous a été facturé/);
    expect(alert).toHaveFocus();
    expect(fake.calls).toHaveLength(calls);
    expect(session().member).toBeNull();
    expect(field(FR.email)).toHaveValue("someone@example.com");
  });

  it("an account already active answers code 76's message", async () => {
    const { user } = await renderScreen(<Register />, { siteId: "lumiere", loyalty: selling });
    await fill(user, FR, ada("active.v3@example.com"));
    await user.click(screen.getByRole("button", { name: FR.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Votre compte est déjà actif (Code : 76)");
  });
});
