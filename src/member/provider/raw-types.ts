// What the loyalty provider answers, as docs/loyalty-upstream.md describes it. These shapes stay
// inside src/member/ (brief: "Provider boundary"): the client parses answers with them and hands
// screens domain types. Objects are loose because the provider adds fields the spec does not show.
import { z } from "zod";

/** peachCode 0 = success; v1 refresh and login-by-token answer statusCode (0 or 200) instead. */
export const rawVerdictSchema = z.looseObject({
  peachCode: z.number().int().optional(),
  statusCode: z.number().int().optional(),
  clientErrorMessage: z.string().nullish(),
});
export type RawVerdict = z.infer<typeof rawVerdictSchema>;

export const rawSessionTokensSchema = z.looseObject({
  token: z.string().min(1),
  /** Never reaches the page: the proxy keeps it in its cookie and says so with refreshTokenHeld. */
  refreshToken: z.string().min(1),
  refreshTokenHeld: z.boolean(),
});
export type RawSessionTokens = z.infer<typeof rawSessionTokensSchema>;

/** "0001-01-01T00:00:00Z" in memberExpiry means the account never expires (spec §3). */
export const NEVER_EXPIRES = "0001-01-01T00:00:00Z";

export const rawMemberDetailsSchema = z.looseObject({
  memberId: z.union([z.string(), z.number()]).transform(String),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  username: z.string().optional(),
  mobilePhone: z.string().optional(),
  /** YYYY-MM-DD or "". */
  birthDate: z.string().optional(),
  memberExpiry: z.string().optional(),
  cardNumber: z.string().optional(),
  clubId: z.string().optional(),
  memberLevelId: z.union([z.number(), z.string()]).optional(),
  memberLevelName: z.string().optional(),
  pointsBalance: z.number().optional(),
  hasUserName: z.boolean().optional(),
  // Version 1 only.
  userSessionId: z.string().optional(),
  encryptedSessionId: z.string().optional(),
});
export type RawMemberDetails = z.infer<typeof rawMemberDetailsSchema>;

/** Login (both versions), v1 refresh, v1 login-by-token, v3 get-member-by-token. */
export const rawMemberAnswerSchema = rawVerdictSchema.extend({
  memberDetails: rawMemberDetailsSchema.optional(),
  sessionManagementTokens: rawSessionTokensSchema.partial().optional(),
  userSessionId: z.string().optional(),
});
export type RawMemberAnswer = z.infer<typeof rawMemberAnswerSchema>;

export const rawFavoriteCinemaSchema = z.looseObject({
  boxofficeCinemaId: z.string(),
  subscribeToNewsletter: z.boolean(),
});
export const rawFavoriteCinemasAnswerSchema = rawVerdictSchema.extend({
  favoriteCinemas: z.array(rawFavoriteCinemaSchema).optional(),
});

export const rawFavoriteFilmsAnswerSchema = rawVerdictSchema.extend({
  externalFilmIds: z.array(z.string()).optional(),
  // Spec §3: boxoffice ids arrive as numbers and are used as strings.
  boxofficeIds: z.array(z.union([z.number(), z.string()]).transform(String)).optional(),
});

/** Is this a success verdict? peachCode 0, or (v1 answers without one) statusCode 0 or 200. */
export function isProviderSuccess(verdict: RawVerdict): boolean {
  if (verdict.peachCode !== undefined) return verdict.peachCode === 0;
  return verdict.statusCode === 0 || verdict.statusCode === 200;
}
