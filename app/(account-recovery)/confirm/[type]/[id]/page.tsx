import type { Metadata } from "next";
import { CircleCheck } from "lucide-react";
import { LinkButton } from "@/components/ui/button";
import { isAppError } from "@/lib/errors";
import { confirmEmail } from "@/lib/services/users/password-reset";
import { messages } from "@/lib/validations/messages";
import { ConfirmClaim } from "./confirm-claim";

export const metadata: Metadata = { title: "Confirm your email" };
export const dynamic = "force-dynamic";

/** /confirm/[type]/[id] — confirm an email address from the signed, single-use link. */
export default async function ConfirmPage({ params }: { params: Promise<{ type: string; id: string }> }) {
  const { type, id } = await params;
  if (type === "claim") return <ClaimConfirmation token={id} />;
  let email: string | null = null;
  try {
    if (id.length >= 10 && id.length <= 200) email = (await confirmEmail({ type, token: id })).email;
  } catch (e) {
    if (!isAppError(e)) throw e;
  }
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      {email ? (
        <>
          <CircleCheck className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink">Email confirmed</h1>
          <p className="mt-3 text-ink-muted">Thank you. {email} is confirmed for your Givebridge account.</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">Link not valid</h1>
          <p className="mt-3 text-ink-muted">{messages.donor.confirmInvalid}</p>
        </>
      )}
      <LinkButton href="/dashboard" className="mt-6">
        Go to your dashboard
      </LinkButton>
    </section>
  );
}

/** /confirm/claim/[token] — the link mailed to an address at the organization's domain: one click verifies its claim. */
function ClaimConfirmation({ token }: { token: string }) {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Confirm the claim</h1>
      <p className="mt-3 text-ink-muted">{messages.claims.confirmIntro}</p>
      <ConfirmClaim token={token} label="Confirm that I speak for this organization" />
      <LinkButton href="/dashboard" variant="outline" className="mt-6">
        Go to your dashboard
      </LinkButton>
    </section>
  );
}
