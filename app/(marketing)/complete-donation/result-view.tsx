import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { formatCents } from "@/lib/money";
import type { DonationResult } from "@/lib/services/donations/get-donation-result";
import { SandboxActionButton } from "./sandbox-action-button";

/** The result of a card, bank or wallet payment (spec section 4 status display). */
export function ResultView({ result }: { result: DonationResult }) {
  const thanks = `/thankyou?donation=${encodeURIComponent(result.donationId)}&token=${encodeURIComponent(result.accessToken)}`;
  const back = `/donation/${result.organizationId}/${result.campaignId ?? "direct"}`;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Your donation</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight" data-testid="donation-status">
        {result.statusLabel}
      </h1>
      <p className="mt-3 text-ink-muted">
        {formatCents(result.chargeCents)} to {result.organizationName} · {result.campaignName}
      </p>
      <div className="mt-6 space-y-4">
        {result.status === "requires_action" ? (
          <>
            <Alert variant="warning" title="Your bank asks you to verify this payment">
              Your card needs an extra verification step (3-D Secure) before the payment completes. Nothing has been charged yet.
            </Alert>
            {result.provider === "sandbox" ? <SandboxActionButton action="verify" donationId={result.donationId} token={result.accessToken} label="Verify payment" /> : null}
          </>
        ) : null}
        {result.status === "processing" ? (
          <>
            <Alert variant="info" title="Your bank payment is on its way">
              Bank payments take a few business days to settle. We email your receipt when it does.
            </Alert>
            {result.provider === "sandbox" ? (
              <SandboxActionButton action="settle" donationId={result.donationId} token={result.accessToken} label="Settle now (sandbox)" />
            ) : null}
          </>
        ) : null}
        {result.status === "failed" ? (
          <>
            <Alert variant="error" title="The payment failed">
              <span data-testid="failure-reason">{result.failureReason}</span>
            </Alert>
            <LinkButton href={back} variant="outline">
              Try again
            </LinkButton>
          </>
        ) : null}
        {result.status === "succeeded" ? (
          <LinkButton href={thanks} variant="primary">
            Continue
          </LinkButton>
        ) : null}
      </div>
    </section>
  );
}
