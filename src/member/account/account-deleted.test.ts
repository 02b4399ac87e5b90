import { ACCOUNT_DELETED_STATE, isAccountDeletedState } from "./account-deleted";

describe("isAccountDeletedState", () => {
  it("reads the state DeleteAccount navigates with", () => {
    expect(isAccountDeletedState(ACCOUNT_DELETED_STATE)).toBe(true);
    expect(isAccountDeletedState({ ...ACCOUNT_DELETED_STATE, key: "abc" })).toBe(true);
  });

  it.each([null, undefined, {}, { accountDeleted: "true" }, "accountDeleted", { shouldUpdateScroll: false }])(
    "%j is not it",
    (state) => {
      expect(isAccountDeletedState(state)).toBe(false);
    },
  );
});
