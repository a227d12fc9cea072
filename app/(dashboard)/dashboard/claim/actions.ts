"use server";
/** Server actions of /dashboard/claim; each service checks that the caller is the organization's claimant. */
import { actionFailureMessage } from "@/lib/http/server-actions";
import { refreshAllPublicPages } from "@/lib/cache/public-pages";
import { getActor } from "@/lib/http/session";
import { startClaimEmailVerification } from "@/lib/services/claims/verify-by-email";
import { enterClaimLetterCode, sendClaimLetter } from "@/lib/services/claims/verify-by-letter";
import { claimEmailSchema, claimLetterCodeSchema, fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";

export type ClaimActionResult = { ok: boolean; message: string; verified?: boolean };

async function run(fn: () => Promise<ClaimActionResult>): Promise<ClaimActionResult> {
  try {
    return await fn();
  } catch (err) {
    return { ok: false, message: actionFailureMessage(err, "dashboard-claim") };
  }
}

async function signedIn() {
  const actor = await getActor();
  if (!actor) throw new Error("unauthenticated");
  return actor;
}

/** Mail the confirmation link to an address at the organization's website. */
export async function startEmailAction(website: string, email: string): Promise<ClaimActionResult> {
  return run(async () => {
    const parsed = claimEmailSchema.safeParse({ website, email });
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? messages.generic.badRequest };
    return { ok: true, ...(await startClaimEmailVerification({ actor: await signedIn(), input: parsed.data })) };
  });
}

/** Queue the letter with the one-time code to the IRS address. */
export async function sendLetterAction(): Promise<ClaimActionResult> {
  return run(async () => ({ ok: true, message: (await sendClaimLetter({ actor: await signedIn() })).message }));
}

/** Enter the letter's code; a right code verifies and publishes the drafts (a contest of a verified claim waits for the admin). */
export async function enterCodeAction(code: string): Promise<ClaimActionResult> {
  return run(async () => {
    const parsed = claimLetterCodeSchema.safeParse({ code });
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? messages.claims.codeInvalid };
    const { status } = await enterClaimLetterCode({ actor: await signedIn(), input: parsed.data });
    if (status === "awaiting_admin") return { ok: true, verified: false, message: fillMessage(messages.claims.contestAwaitingAdmin, { name: "this organization" }) };
    refreshAllPublicPages();
    return { ok: true, verified: true, message: messages.claims.verified };
  });
}
