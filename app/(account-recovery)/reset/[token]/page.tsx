import type { Metadata } from "next";
import { LinkButton } from "@/components/ui/button";
import { checkResetToken } from "@/lib/services/users/password-reset";
import { messages } from "@/lib/validations/messages";
import { ResetForm } from "./_components/reset-form";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

/** /reset/[token] — set a new password with the emailed single-use link, then a success screen. */
export default async function ResetPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { valid } = token.length >= 10 && token.length <= 200 ? await checkResetToken({ token }) : { valid: false };
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Choose a new password</h1>
      {valid ? (
        <ResetForm token={token} />
      ) : (
        <>
          <p className="mt-4 text-ink-muted">{messages.donor.resetInvalid}</p>
          <LinkButton href="/forgot" className="mt-6">
            Request a new link
          </LinkButton>
        </>
      )}
    </section>
  );
}
