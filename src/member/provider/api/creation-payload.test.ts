import { memberCreationPayload } from "./creation-payload";

const context = { clubId: "CLUB-7" };
const fields = { email: "new.member@example.com", password: "Secret-123!", mobileNumber: "+33612345678" };

describe("memberCreationPayload: the spec §3 defaults", () => {
  const payload = memberCreationPayload(context, fields);

  it.each([
    ["clubId", "CLUB-7"],
    ["username", "new.member@example.com"],
    ["phoneNumber", "+33612345678"],
    ["memberId", null],
    ["address1", null],
    ["address2", null],
    ["city", null],
    ["state", null],
    ["zipCode", null],
    ["houseSize", 0],
    ["maritalStatus", ""],
    ["sendNewsletter", "False"],
    ["wishToReceiveSMS", "False"],
    ["contactByThirdParty", "False"],
    ["newsletterFrequency", "-1"],
    ["pickupCinemaId", null],
    ["preferredCinemaId", null],
    ["preferredCinemaList", []],
    ["preferenceList", null],
    ["preferredGenres", []],
    ["memberItemId", null],
    ["memberLevelId", 0],
    ["nationalId", null],
    ["updatePreferences", false],
    ["memberCardNumber", null],
  ])("%s defaults to %j", (field, value) => {
    expect(payload[field]).toEqual(value);
  });

  it("keeps the caller's own fields", () => {
    expect(payload).toMatchObject({
      email: "new.member@example.com",
      password: "Secret-123!",
      mobileNumber: "+33612345678",
    });
  });

  it("has exactly the default fields plus the caller's", () => {
    expect(Object.keys(payload).sort()).toEqual(
      [
        "clubId",
        "username",
        "phoneNumber",
        "memberId",
        "address1",
        "address2",
        "city",
        "state",
        "zipCode",
        "houseSize",
        "maritalStatus",
        "sendNewsletter",
        "wishToReceiveSMS",
        "contactByThirdParty",
        "newsletterFrequency",
        "pickupCinemaId",
        "preferredCinemaId",
        "preferredCinemaList",
        "preferenceList",
        "preferredGenres",
        "memberItemId",
        "memberLevelId",
        "nationalId",
        "updatePreferences",
        "memberCardNumber",
        "email",
        "password",
        "mobileNumber",
      ].sort(),
    );
  });

  it("phoneNumber is null when no mobile number was given", () => {
    expect(memberCreationPayload(context, { email: "a@example.com", password: "x" }).phoneNumber).toBeNull();
  });
});

describe("memberCreationPayload: the caller's fields override the defaults", () => {
  it.each([
    ["username", "chosen-name"],
    ["phoneNumber", "+33700000000"],
    ["clubId", "OTHER"],
    ["sendNewsletter", "True"],
    ["memberLevelId", 2],
    ["memberCardNumber", "CYP0000000099"],
    ["preferredGenres", ["drama"]],
    ["zipCode", "75011"],
  ])("%s → %j", (field, value) => {
    expect(memberCreationPayload(context, { ...fields, [field]: value })[field]).toEqual(value);
  });

  it("an explicit null overrides too", () => {
    expect(memberCreationPayload(context, { ...fields, maritalStatus: null }).maritalStatus).toBeNull();
  });

  it("a field left undefined keeps its default", () => {
    const payload = memberCreationPayload(context, { ...fields, username: undefined, houseSize: undefined });
    expect(payload.username).toBe("new.member@example.com");
    expect(payload.houseSize).toBe(0);
  });
});
