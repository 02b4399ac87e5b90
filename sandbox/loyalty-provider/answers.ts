/**
 * peachCodes the provider answers with. The texts follow the site's catalogue (spec §8) so a
 * screen that shows clientErrorMessage reads the same; 1 and 7 are this provider's own
 * (docs/loyalty-upstream.md).
 */
export const PEACH_MESSAGES = {
  1: "The request could not be completed",
  7: "Invalid token",
  26: "Your account is not activated",
  29: "Your email is not associated with a member",
  30: "Member not found",
  31: "Incorrect password",
  34: "This email is already associated to a member",
  51: "Invalid gift card",
  57: "Invalid reset code",
  72: "This movie can't be added to your watchlist yet",
  76: "Your account is already active",
  84: "Password should meet complexity rules",
  85: "Invalid activation info",
  1019: "Your account is blocked",
  1020: "This card is already active",
} as const;

export type PeachCode = keyof typeof PEACH_MESSAGES;

export type JsonObject = Record<string, unknown>;

export interface Failure extends JsonObject {
  peachCode: number;
  clientErrorMessage: string;
}

export function failure(code: PeachCode, detail?: string): Failure {
  return { peachCode: code, clientErrorMessage: detail ?? PEACH_MESSAGES[code] };
}

export const INVALID_TOKEN = (): Failure => failure(7);

/** A non-JSON answer (wallet passes): bytes with their own content type. */
export class RawAnswer {
  constructor(
    readonly contentType: string,
    readonly bytes: Buffer,
    readonly fileName?: string,
  ) {}
}

export type Answer = JsonObject | RawAnswer;
