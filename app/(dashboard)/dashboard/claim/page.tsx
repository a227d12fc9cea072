import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { actorFromSession } from "@/lib/auth/actor";
import { hasAccountType } from "@/lib/auth/can";
import { requireSessionUserPage } from "@/lib/http/session";
import { getOwnClaim } from "@/lib/services/claims/claims";
import { legalNameLine } from "@/lib/validations/legal-name";
import { fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";
import { ClaimPanel } from "./claim-panel";

export const metadata: Metadata = { title: "Verify your claim" };
export const dynamic = "force-dynamic";

/** /dashboard/claim — the claimant verifies its claim of a directory organization (email at its domain, mailed letter, document review). */
export default async function ClaimPage() {
  const user = await requireSessionUserPage("/dashboard/claim");
  const actor = actorFromSession(user);
  const claim = hasAccountType(actor, "nonprofit") ? await getOwnClaim({ actor }) : null;
  const m = messages.claims;
  const name = claim?.organization.legalName ?? "this organization";
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold text-ink">Verify your claim</h1>
      {!claim ? (
        <Alert variant="info" title={m.notPending}>
          <LinkButton href="/dashboard" size="sm" variant="outline">Go to your dashboard</LinkButton>
        </Alert>
      ) : claim.status === "verified" ? (
        <Alert variant="success" title={m.verified}>
          {legalNameLine(claim.organization)}
          {claim.contested ? <span className="block">{fillMessage(m.contestedNotice, { name })}</span> : null}
        </Alert>
      ) : claim.status !== "pending" ? (
        <Alert variant="warning" title={m.notPending}>
          {legalNameLine(claim.organization)}
          {claim.decisionReason ? <span className="block">{claim.decisionReason}</span> : null}
        </Alert>
      ) : claim.contest?.provedAt ? (
        <Alert variant="info" title={fillMessage(m.contestAwaitingAdmin, { name })}>
          {legalNameLine(claim.organization)}
        </Alert>
      ) : (
        <>
          <Alert variant="warning" title={claim.contest ? fillMessage(m.contestPendingBanner, { name }) : m.pendingBanner}>
            {legalNameLine(claim.organization)}
            {claim.contested ? <span className="block">{fillMessage(m.contestedNotice, { name })}</span> : null}
            {claim.document.submittedAt && !claim.document.rejectedReason ? <span className="block">{m.documentSubmitted}</span> : null}
            {claim.document.rejectedReason ? <span className="block">{claim.document.rejectedReason}</span> : null}
          </Alert>
          <ClaimPanel irsAddress={claim.organization.address} letterSent={!!claim.letter.sentAt} copy={{ email: m.wayEmail, letter: m.wayLetter, document: m.wayDocument, uploadFailed: m.uploadFailed }} />
        </>
      )}
    </div>
  );
}
