import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { actorFromSession } from "@/lib/auth/actor";
import { requireSessionUserPage } from "@/lib/http/session";
import { listMembers } from "@/lib/services/organizations/members";
import { legalNameLine } from "@/lib/validations/legal-name";
import { messages } from "@/lib/validations/messages";
import { MembersPanel, type MemberRow, type InvitationRow } from "./members-panel";

export const metadata: Metadata = { title: "Members" };
export const dynamic = "force-dynamic";

/** A date as the page shows it, in UTC so the server's text and the browser's agree. */
const day = (d: Date) => d.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** /dashboard/members — the people who act for the organization, its open invitations, and inviting a colleague. */
export default async function MembersPage() {
  const user = await requireSessionUserPage("/dashboard/members", "nonprofit");
  const actor = actorFromSession(user);
  if (!actor.organizationId) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-ink">Members</h1>
        <Alert variant="warning" title={messages.claims.noOrganization} />
      </div>
    );
  }
  const view = await listMembers({ actor });
  const members: MemberRow[] = view.members.map((p) => ({
    id: p._id,
    name: `${p.firstName} ${p.lastName}`.trim() || p.email,
    email: p.email,
    since: p.since.toISOString(),
    sinceLabel: day(p.since),
    you: p.you,
  }));
  const invitations: InvitationRow[] = view.invitations.map((i) => ({
    id: i._id,
    email: i.email,
    sent: i.sentAt.toISOString(),
    sentLabel: day(i.sentAt),
    expires: i.expiresAt.toISOString(),
    expiresLabel: day(i.expiresAt),
    expired: i.expired,
    invitedBy: i.invitedBy,
  }));
  const legal = legalNameLine(view.organization);
  return (
    <div className="space-y-6">
      <div>
        <Link href="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to your dashboard
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Members</h1>
        <p className="mt-1 break-words text-ink-muted">
          Everyone here acts for {view.organization.name} with an account of their own.
          {legal ? <span className="block text-sm">{legal}</span> : null}
        </p>
      </div>
      {view.refusal ? (
        <Alert
          variant="warning"
          title={view.refusal}
          action={
            <LinkButton href="/dashboard/claim" size="sm" variant="outline">
              Verify your claim
            </LinkButton>
          }
        />
      ) : null}
      <MembersPanel canManage={view.canManage} members={members} invitations={invitations} />
    </div>
  );
}
