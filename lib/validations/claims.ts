/**
 * Payloads of claim verification (lib/services/claims), shared by the claimant's forms and the
 * route handlers; the sentences live in lib/validations/messages.ts (claims).
 */
import { z } from "zod";
import { messages } from "./messages";

const m = messages.claims;

/** The organization's website as given ("vtfoodbank.org" or a full http(s) address). */
export const websiteField = z
  .string()
  .trim()
  .min(3, m.websiteInvalid)
  .max(200, m.websiteInvalid)
  .transform((v, ctx) => {
    try {
      const url = new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
      if (!/^https?:$/.test(url.protocol) || !url.hostname.includes(".")) throw new Error("no host");
      return url.hostname.toLowerCase().replace(/^www\./, "");
    } catch {
      ctx.addIssue({ code: "custom", message: m.websiteInvalid });
      return z.NEVER;
    }
  });

/** Start email verification: the website and an address at its domain. */
export const claimEmailSchema = z.object({
  website: websiteField,
  email: z.string().trim().toLowerCase().email(messages.email.invalid).max(254),
});
export type ClaimEmailInput = z.infer<typeof claimEmailSchema>;

/** The code printed on the mailed letter (case and spaces ignored). */
export const claimLetterCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{8}$/, m.codeInvalid)),
});
export type ClaimLetterCodeInput = z.infer<typeof claimLetterCodeSchema>;

/** The admin's decision on an uploaded document; a rejection needs its reason. */
export const claimReviewSchema = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((v) => v.decision === "approve" || (v.reason ?? "").length > 0, { message: m.reasonRequired, path: ["reason"] });
export type ClaimReviewInput = z.infer<typeof claimReviewSchema>;

/** The admin's decision on a dispute (lib/services/claims/disputes.ts); both sides are told the reason. */
export const claimDisputeDecisionSchema = z.object({
  decision: z.enum(["hand_over", "keep"], { error: m.decisionRequired }),
  reason: z.string({ error: m.disputeReasonRequired }).trim().min(1, { error: m.disputeReasonRequired }).max(500),
});
export type ClaimDisputeDecisionInput = z.infer<typeof claimDisputeDecisionSchema>;

/** The admin releases a claim (POST /api/admin/claims/{organizationId}/release): the reason the claimant is emailed. */
export const claimReleaseSchema = z.object({
  reason: z.string().trim().min(1, m.releaseReasonRequired).max(500, m.releaseReasonRequired),
});
export type ClaimReleaseInput = z.infer<typeof claimReleaseSchema>;

/** The admin console's search of claims: an EIN, with or without its hyphen (empty: the latest claims). */
export const claimSearchSchema = z.object({
  ein: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^(\d{9})?$/, messages.organization.einInvalid))
    .optional(),
});

/** The confirmation link's token in /confirm/claim/{token}. */
export const claimTokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{32,64}$/);

/** Replace `{{name}}` placeholders of a catalog sentence. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}
