import type { Metadata } from "next";
import { CircleCheck } from "lucide-react";
import { LinkButton } from "@/components/ui/button";
import { isAppError } from "@/lib/errors";
import { confirmClaimEmail } from "@/lib/services/claims/verify-by-email";
import { confirmEmail } from "@/lib/services/users/password-reset";
import { claimTokenSchema } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";

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

/** /confirm/claim/[token] — the link mailed to an address at the organization's domain verifies its claim. */
async function ClaimConfirmation({ token }: { token: string }) {
  let verified = false;
  try {
    const parsed = claimTokenSchema.safeParse(token);
    if (parsed.success) verified = (await confirmClaimEmail({ token: parsed.data })).verified;
  } catch (e) {
    if (!isAppError(e)) throw e;
  }
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      {verified ? (
        <>
          <CircleCheck className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink">Claim verified</h1>
          <p className="mt-3 text-ink-muted">{messages.claims.verified}</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">Link not valid</h1>
          <p className="mt-3 text-ink-muted">{messages.claims.emailLinkInvalid}</p>
        </>
      )}
      <LinkButton href="/dashboard" className="mt-6">
        Go to your dashboard
      </LinkButton>
    </section>
  );
}
