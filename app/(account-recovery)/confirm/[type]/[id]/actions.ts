"use server";
/** Server action of /confirm/claim/[token]: the claimant's colleague confirms the claim with a click (a mail scanner's GET changes nothing). */
import { actionFailureMessage } from "@/lib/http/server-actions";
import { refreshAllPublicPages } from "@/lib/cache/public-pages";
import { confirmClaimEmail } from "@/lib/services/claims/verify-by-email";
import { claimTokenSchema, fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";

export type ConfirmClaimResult = { ok: true; message: string } | { ok: false; message: string };

/** Verify the claim of the link's token; the verified drafts become public at once. */
export async function confirmClaimAction(token: string): Promise<ConfirmClaimResult> {
  const parsed = claimTokenSchema.safeParse(token);
  if (!parsed.success) return { ok: false, message: messages.claims.emailLinkInvalid };
  try {
    const { status } = await confirmClaimEmail({ token: parsed.data });
    if (status === "awaiting_admin") return { ok: true, message: fillMessage(messages.claims.contestAwaitingAdmin, { name: "this organization" }) };
    refreshAllPublicPages();
    return { ok: true, message: messages.claims.verified };
  } catch (err) {
    return { ok: false, message: actionFailureMessage(err, "confirm-claim") };
  }
}
