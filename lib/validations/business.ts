/** The business sign-up payload (sendBusinessSignUpEmail), shared by the form and the handler. */
import "./zod-setup";
import { z } from "zod";
import { emailField } from "./fields";
import { messages } from "./messages";

export const businessInterests = ["sponsoring", "matching", "both"] as const;

/**
 * businessName and contactName 1-120 characters, a valid email; optional city, two-letter
 * state (empty = none) and interest (sponsoring events, matching gifts, or both).
 */
export const businessSignUpSchema = z.object({
  businessName: z.string({ error: messages.business.nameRequired }).trim().min(1, { error: messages.business.nameRequired }).max(120),
  email: emailField,
  contactName: z.string({ error: messages.business.contactRequired }).trim().min(1, { error: messages.business.contactRequired }).max(120),
  city: z.string().trim().max(80).optional().transform((v) => v || null),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === "" || /^[A-Z]{2}$/.test(v), { error: "Use the two-letter state code, e.g. VT." })
    .optional()
    .transform((v) => v || null),
  interest: z.enum(businessInterests).optional().default("both"),
});
export type BusinessSignUpInput = z.input<typeof businessSignUpSchema>;
export type BusinessSignUpValues = z.output<typeof businessSignUpSchema>;
