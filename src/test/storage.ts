// Web Storage as a browser that refuses it behaves (privacy modes, a full quota, storage blocked
// for the site): every call throws.
export const REFUSING_STORAGE: Pick<Storage, "getItem" | "setItem" | "removeItem"> = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};
