/**
 * The member-visible texts the sandbox writes itself, in each language of its circuits
 * (circuits.ts). Stored history lines keep their English text in `description` and the other
 * languages in `translations_json`, so one member reads them in the language of the site asking.
 */
export type Language = "en" | "fr";

export const DEFAULT_LANGUAGE: Language = "en";

/** One text in every language the sandbox serves. */
export type Localised = Readonly<Record<Language, string>>;

const LEVEL_NAMES: Readonly<Record<number, Localised>> = {
  0: { en: "Basic", fr: "Découverte" },
  1: { en: "Member", fr: "Membre" },
  2: { en: "Premium", fr: "Premium" },
};

export function memberLevelName(levelId: number, language: Language): string {
  return LEVEL_NAMES[levelId]?.[language] ?? (language === "fr" ? `Niveau ${levelId}` : `Level ${levelId}`);
}

/** Transaction history lines: points earned on an order, a reward redeemed. */
export function pointsEarnedLine(orderId: string): Localised {
  return { en: `Points earned: ${orderId}`, fr: `Points gagnés : ${orderId}` };
}

export function redeemedLine(item: Localised): Localised {
  return { en: `Redeemed: ${item.en}`, fr: `Échangé : ${item.fr}` };
}

/** Field labels and card name of the wallet passes. */
export const WALLET_TEXTS = {
  loyaltyCard: (brand: string): Localised => ({ en: `${brand} loyalty card`, fr: `Carte de fidélité ${brand}` }),
  member: { en: "Member", fr: "Membre" },
  points: { en: "Points", fr: "Points" },
  booking: { en: "Booking", fr: "Réservation" },
  cinema: { en: "Cinema", fr: "Cinéma" },
} as const;

/** The columns a stored text is written to: `description` (English) and `translations_json`. */
export function storedText(text: Localised): [description: string, translationsJson: string] {
  const { en, ...others } = text;
  return [en, JSON.stringify(others)];
}

export interface StoredText {
  description: string;
  translations_json: string;
}

/** A stored text in every language; one a row lacks (written before it had one) is its English. */
export function readStoredText(row: StoredText): Localised {
  let translations: Partial<Record<Language, unknown>> = {};
  try {
    translations = JSON.parse(row.translations_json) as Partial<Record<Language, unknown>>;
  } catch {
    // Not ours: English only.
  }
  const fr = translations.fr;
  return { en: row.description, fr: typeof fr === "string" ? fr : row.description };
}
