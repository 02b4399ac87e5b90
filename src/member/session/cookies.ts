// Spec §3 "Stored values" and §9: the cookies the site keeps. Names are ours (the spec names the
// values, not the cookies); the server redirect endpoints read the club token too.

/** The member's session token. */
export const CLUB_TOKEN_COOKIE = "clubToken";
/** Version 1 box-office session id. */
export const USER_SESSION_ID_COOKIE = "userSessionId";
/** The visitor's chosen theater on a circuit site (30 days). */
export const SELECTED_THEATER_COOKIE = "selectedTheaterId";

/** What a session token can look like; anything else in the cookie is ignored, never forwarded. */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{1,512}$/;

/** localStorage key of the rest of the member session (refresh token, version, member details). */
export const MEMBER_SESSION_STORAGE_KEY = "memberSession";
