// Provider answers of the account routes, as docs/loyalty-upstream.md shapes them. Loose objects,
// like raw-types.ts: the provider may add fields. Lists the provider leaves out read as empty,
// because an empty history or card list is a normal answer some providers send as a bare verdict.
import { z } from "zod";
import { rawVerdictSchema } from "../raw-types";

/** Ids arrive as strings or numbers depending on the provider; the site uses strings. */
export const idSchema = z.union([z.string(), z.number()]).transform(String);

/** A URL the site may navigate to: http(s) only, so a provider answer can never be a javascript: link. */
export const webUrlSchema = z.string().refine((value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}, "not an http(s) URL");

const list = <T extends z.ZodType>(item: T) => z.array(item).optional().default([]);

export const ordersAnswerSchema = rawVerdictSchema.extend({
  orders: list(
    z.looseObject({
      orderId: idSchema,
      orderDate: z.string(),
      kind: z.string().optional(),
      status: z.string().optional(),
      cinemaId: idSchema.optional(),
      description: z.string().optional(),
      totalValue: z.number().optional(),
    }),
  ),
});

export const transactionsAnswerSchema = rawVerdictSchema.extend({
  transactions: list(
    z.looseObject({
      transactionId: idSchema,
      transactionDate: z.string(),
      cinemaId: idSchema.optional(),
      description: z.string().optional(),
      points: z.number().optional(),
      value: z.number().optional(),
    }),
  ),
});

const rawRewardSchema = z.looseObject({
  rewardId: idSchema,
  name: z.string().optional(),
  pointsCost: z.number(),
  canRedeem: z.boolean().optional(),
});
export type RawReward = z.infer<typeof rawRewardSchema>;

export const rewardsAnswerSchema = rawVerdictSchema.extend({ rewards: list(rawRewardSchema) });
export const itemsAnswerSchema = rawVerdictSchema.extend({ items: list(rawRewardSchema) });

export const orderIdAnswerSchema = rawVerdictSchema.extend({ orderId: idSchema });

/** Order id where its absence is something the caller decides about (spec §4 activation steps). */
export const optionalOrderIdAnswerSchema = rawVerdictSchema.extend({ orderId: idSchema.optional() });

export const redemptionAnswerSchema = rawVerdictSchema.extend({
  orderId: idSchema,
  redemptionCode: z.string().min(1),
  pointsBalance: z.number(),
});

export const eVouchersAnswerSchema = rawVerdictSchema.extend({
  concessions: list(
    z.looseObject({
      id: idSchema,
      code: z.string(),
      description: z.string().optional(),
      price: z.number().optional(),
    }),
  ),
});

// Upper-cased before the check: "Active" and "ACTIVE" mean the same to a member.
const cardStatusSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.toUpperCase() : value),
  z.enum(["ACTIVE", "LOST"]),
);

export const cardsAnswerSchema = rawVerdictSchema.extend({
  cards: list(
    z.looseObject({
      cardCode: z.string().min(1),
      status: cardStatusSchema,
      isPrimary: z.boolean().optional(),
    }),
  ),
});
export type RawCardsAnswer = z.infer<typeof cardsAnswerSchema>;

export const giftCardAnswerSchema = rawVerdictSchema.extend({
  cardNumber: z.string().optional(),
  balance: z.number(),
});

// Everything optional: the activation flow itself decides what a missing code means (spec §4).
export const membershipListAnswerSchema = rawVerdictSchema.extend({
  listConcessionGrouping: list(
    z.looseObject({
      name: z.string().optional(),
      items: list(
        z.looseObject({
          code: z.string().nullish(),
          description: z.string().nullish(),
          memberLevelId: z.union([z.number(), z.string()]).nullish(),
          price: z.number().nullish(),
        }),
      ),
    }),
  ),
});

export const userSessionAnswerSchema = rawVerdictSchema.extend({ userSessionId: z.string().nullish() });
export const registrationAnswerSchema = rawVerdictSchema.extend({ userSessionId: z.string().min(1) });

// The proxy passes on no more of a search (issue 43): no member id, no address.
export const memberSearchAnswerSchema = rawVerdictSchema.extend({
  hasUserName: z.boolean().optional(),
  clubId: z.union([z.string(), z.number()]).nullish(),
});

export const urlAnswerSchema = rawVerdictSchema.extend({ url: webUrlSchema });

/** ValidatePasswordResetCode: the reset flow reads statusCode as well as peachCode (spec §4). */
export const resetCodeAnswerSchema = rawVerdictSchema;
