"use server";
/** Server actions of the admin console; each service checks the admin session itself. */
import { revalidatePath } from "next/cache";
import { getActor } from "@/lib/http/session";
import { refreshAllPublicPages } from "@/lib/cache/public-pages";
import { isAppError } from "@/lib/errors";
import { reviewNonprofit } from "@/lib/services/admin/review-nonprofit";
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
    return { ok: false, message: isAppError(err) ? err.message : messages.generic.server };
  }
}
