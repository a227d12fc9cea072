import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getSessionUser } from "@/lib/http/session";
import { getInvitation, type InvitationView } from "@/lib/services/organizations/invitations";
import { fillMessage } from "@/lib/validations/claims";
import { invitationTokenSchema } from "@/lib/validations/members";
import { messages } from "@/lib/validations/messages";
import { AcceptInvitationForm } from "./accept-invitation-form";

export const metadata: Metadata = { title: "Your invitation", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/**
 * /invite/[token] — the link mailed to an invited colleague: the organization's legal name and EIN
 * and the form that creates their account (accepting is a server action; this GET changes nothing).
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = invitationTokenSchema.safeParse(token);
  const view: InvitationView = link.success ? await getInvitation({ token: link.data }) : { state: "invalid", message: messages.members.linkInvalid };
  if (view.state !== "open") {
    return (
      <Card padding="lg">
        <h1 className="text-2xl font-bold text-ink">This invitation cannot be used</h1>
        <p className="mt-3 text-ink-muted">{view.message}</p>
        <p className="mt-6 text-sm text-ink-muted">
          Already have an account?{" "}
          <Link href="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      </Card>
    );
  }
  const user = await getSessionUser();
  const org = view.organization;
  return (
    <Card padding="lg">
      <p className="text-sm font-medium text-ink-muted">You are invited to act for</p>
      <h1 className="mt-1 text-2xl font-bold break-words text-ink">{org.legalName ?? org.name}</h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {org.legalName && org.legalName !== org.name ? (
          <>
            <dt className="text-ink-muted">Listed as</dt>
            <dd className="break-words text-ink">{org.name}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">Legal name</dt>
        <dd className="break-words text-ink">{org.legalName ?? org.name}</dd>
        <dt className="text-ink-muted">EIN</dt>
        <dd className="text-ink">{org.einFormatted ?? "none"}</dd>
        <dt className="text-ink-muted">Your email</dt>
        <dd className="break-all text-ink">{view.email}</dd>
      </dl>
      <p className="mt-4 text-sm text-ink-muted">
        Create your own account to manage this organization on Givebridge with your colleagues. The invitation expires on{" "}
        <time dateTime={view.expiresAt.toISOString()}>{view.expiresAt.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}</time>.
      </p>
      {user ? (
        <Alert variant="info" className="mt-4">
          {fillMessage(messages.members.signedInAs, { email: user.email, invitee: view.email })}
        </Alert>
      ) : null}
      <AcceptInvitationForm token={link.success ? link.data : ""} email={view.email} organizationName={org.legalName ?? org.name} />
    </Card>
  );
}
