import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { adminEnabled } from "@/lib/auth/admin";
import { can } from "@/lib/auth/can";
import { getActor } from "@/lib/http/session";
import { isAppError } from "@/lib/errors";
import { describeApprovalLink, type ApprovalLinkView } from "@/lib/services/admin/review-nonprofit";
import { messages } from "@/lib/validations/messages";
import { AdminSignIn } from "../../../admin/_components/admin-sign-in";
import { ApproveButton } from "./approve-button";

export const metadata: Metadata = { title: "Approve a nonprofit", robots: { index: false, follow: false } };

type Props = { params: Promise<{ type: string; id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /approve/:type/:id/?sig= — the signed approval link sent to admins. Opening it changes
 * nothing (mail scanners open links); the signed-in admin approves with the button. An
 * unsigned, used or expired link only explains why it cannot act.
 */
export default async function ApprovePage({ params, searchParams }: Props) {
  const { type, id } = await params;
  const rawSig = (await searchParams).sig;
  const signature = typeof rawSig === "string" ? rawSig : "";
  const user = await getActor();

  const shell = (children: React.ReactNode) => (
    <section className="mx-auto w-full max-w-lg px-4 py-16">
      <h1 className="text-3xl font-extrabold tracking-tight">Approve a nonprofit</h1>
      <div className="mt-6 space-y-4">{children}</div>
    </section>
  );

  if (!user || !can(user, "admin.review", {})) {
    return shell(
      <>
        <p className="text-ink-muted">Sign in with the admin password to review this nonprofit.</p>
        <AdminSignIn enabled={adminEnabled()} />
      </>,
    );
  }

  let view: ApprovalLinkView | null = null;
  let problem: string | null = null;
  if (type !== "nonprofit") problem = messages.admin.linkInvalid;
  else {
    try {
      view = await describeApprovalLink({ actor: user, linkId: id, signature });
    } catch (err) {
      if (!isAppError(err)) throw err;
      problem = err.message;
    }
  }
  if (!view) return shell(<Alert variant="error">{problem ?? messages.admin.linkInvalid}</Alert>);

  const org = view.organization;
  const place = [org.city, org.state].filter(Boolean).join(", ");
  return shell(
    <>
      <div className="rounded-card border border-slate-200 bg-white p-5">
        <p className="text-lg font-bold break-words">{org.name}</p>
        {place ? <p className="text-ink-muted">{place}</p> : null}
        {org.email ? <p className="text-ink-muted break-all">{org.email}</p> : null}
        <p className="mt-2 text-sm">
          Status: <strong>{org.approvalStatus === "approved" ? "Approved" : org.approvalStatus === "rejected" ? "Rejected" : "Waiting for approval"}</strong>
        </p>
      </div>
      {org.approvalStatus === "approved" ? (
        <Alert variant="success">This nonprofit is approved and live.</Alert>
      ) : view.state === "used" ? (
        <Alert variant="error">{messages.admin.linkUsed}</Alert>
      ) : view.state === "expired" ? (
        <Alert variant="error">{messages.admin.linkExpired}</Alert>
      ) : org.approvalStatus !== "pending" ? (
        <Alert variant="error">{messages.admin.notPending}</Alert>
      ) : (
        <ApproveButton type={type} id={id} signature={signature} name={org.name} />
      )}
      <LinkButton href="/admin" variant="outline">
        Open the admin console
      </LinkButton>
    </>,
  );
}
