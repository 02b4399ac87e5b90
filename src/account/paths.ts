// Kept apart from routes.ts: the header imports this on every page, and only needs the path.
export const ACCOUNT_PATH = "/account/";
