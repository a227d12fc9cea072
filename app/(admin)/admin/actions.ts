"use server";
/** Server actions of the admin console; each service checks the admin session itself. */
import { actionFailureMessage } from "@/lib/http/server-actions";
import { revalidatePath } from "next/cache";
import { getActor } from "@/lib/http/session";
import { refreshAllPublicPages } from "@/lib/cache/public-pages";
import { reviewNonprofit } from "@/lib/services/admin/review-nonprofit";
import { reviewClaimDocument } from "@/lib/services/claims/verify-by-document";
import { decideClaimDispute } from "@/lib/services/claims/disputes";
import { claimDisputeDecisionSchema, claimReviewSchema } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";

export type ActionResult = { ok: true } | { ok: false; message: string };

/** Approve or reject a pending nonprofit. */
export async function reviewNonprofitAction(organizationId: string, decision: "approved" | "rejected"): Promise<ActionResult> {
  try {
    if (typeof organizationId !== "string" || (decision !== "approved" && decision !== "rejected")) {
      return { ok: false, message: messages.generic.badRequest };
    }
    await reviewNonprofit({ actor: await getActor(), organizationId, decision });
    revalidatePath("/admin");
    // An approval publishes the profile; a rejection takes it down.
    refreshAllPublicPages();
    return { ok: true };
  } catch (err) {
    return { ok: false, message: actionFailureMessage(err, "admin-console") };
  }
}

/** Approve a claim's document (the claim is verified) or reject it with a reason. */
export async function reviewClaimAction(claimId: string, decision: "approve" | "reject", reason: string): Promise<ActionResult> {
  try {
    const parsed = claimReviewSchema.safeParse({ decision, reason: reason || undefined });
    if (typeof claimId !== "string" || !parsed.success) return { ok: false, message: parsed.success ? messages.generic.badRequest : (parsed.error.issues[0]?.message ?? messages.generic.badRequest) };
    await reviewClaimDocument({ actor: await getActor(), claimId, input: parsed.data });
    revalidatePath("/admin");
    // A verified claim publishes the claimant's drafts.
    if (parsed.data.decision === "approve") refreshAllPublicPages();
    return { ok: true };
  } catch (err) {
    return { ok: false, message: actionFailureMessage(err, "admin-console") };
  }
}

/** Decide a dispute with a reason: hand the organization over to the contester, or keep the current claim. */
export async function decideDisputeAction(claimId: string, decision: "hand_over" | "keep", reason: string): Promise<ActionResult> {
  try {
    const parsed = claimDisputeDecisionSchema.safeParse({ decision, reason });
    if (typeof claimId !== "string" || !parsed.success) return { ok: false, message: parsed.success ? messages.generic.badRequest : (parsed.error.issues[0]?.message ?? messages.generic.badRequest) };
    await decideClaimDispute({ actor: await getActor(), claimId, input: parsed.data });
    revalidatePath("/admin");
    // A hand-over replaces what the public sees of the organization.
    if (parsed.data.decision === "hand_over") refreshAllPublicPages();
    return { ok: true };
  } catch (err) {
    return { ok: false, message: actionFailureMessage(err, "admin-console") };
  }
}
