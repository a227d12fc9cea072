/** The pledge form's payload, shared by the pledge component and POST /api/pledges. */
import "./zod-setup";
import { z } from "zod";
import { parseDollarsToCents } from "@/lib/money";
import { fundraiserIdField, MIN_DONATION_CENTS } from "./donation";
import { messages } from "./messages";

const m = messages.receiving;

/** A pledge: amount in cents ($1 up to the largest gift) and, for a guest, an email. */
export function pledgeSchema(maxCents: number) {
  return z.object({
    organizationId: z.string().trim().min(1).max(64),
    /** Fundraiser id, or "direct" / null for a pledge to the organization. */
    campaignId: fundraiserIdField,
    amountCents: z
      .number({ error: m.pledgeAmountInvalid })
      .int({ error: m.pledgeAmountInvalid })
      .min(MIN_DONATION_CENTS, { error: m.pledgeAmountMin })
      .max(maxCents, { error: m.pledgeAmountInvalid }),
    email: z.string().trim().max(254).default(""),
  });
}
export type PledgeInput = z.infer<ReturnType<typeof pledgeSchema>>;

/** The guest's email (required when not signed in). */
export const pledgeEmailSchema = z.string().trim().min(1, { error: m.pledgeEmailRequired }).email({ error: messages.email.invalid });

/**
 * The pledge form as typed (dollars as text); `signedIn` makes the email optional. Its
 * output is sent as PledgeInput (amount converted with parseDollarsToCents).
 */
export function pledgeFormSchema(signedIn: boolean, maxCents: number) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, { error: m.pledgeAmountInvalid })
      .refine((v) => parseDollarsToCents(v) !== null, { error: m.pledgeAmountInvalid })
      .refine((v) => (parseDollarsToCents(v) ?? 0) >= MIN_DONATION_CENTS, { error: m.pledgeAmountMin })
      .refine((v) => (parseDollarsToCents(v) ?? 0) <= maxCents, { error: m.pledgeAmountInvalid }),
    email: signedIn ? z.string().trim().max(254).default("") : pledgeEmailSchema,
  });
}
export type PledgeFormValues = { amount: string; email: string };
