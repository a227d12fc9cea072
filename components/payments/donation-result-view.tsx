import { FocusHeading } from "@/components/embed/focus-heading";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { checkoutPath, donationResultPath, type CheckoutFlow } from "@/lib/embed/paths";
import { formatCents } from "@/lib/money";
import type { DonationResult } from "@/lib/services/donations/get-donation-result";
import { SandboxActionButton } from "./sandbox-action-button";

/**
 * The result of a card, bank or wallet payment (spec section 4 status display), on the site
 * or inside the embedded form (`flow`: its buttons stay in that flow's pages).
 */
export function ResultView({ result, flow = "site" }: { result: DonationResult; flow?: CheckoutFlow }) {
  const thanks = donationResultPath(flow, "thanks", result.donationId, result.accessToken);
  const back = checkoutPath(flow, result.organizationId, result.campaignId);
  return (
    <section className={flow === "embed" ? "w-full px-4 py-6" : "mx-auto w-full max-w-xl px-4 py-12 sm:py-16"}>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Your donation</p>
      {flow === "embed" ? (
        // Inside the embedded form the page follows a payment: focus moves to its heading.
        <FocusHeading className="mt-1 text-2xl font-extrabold tracking-tight focus:outline-none" testId="donation-status">
          {result.statusLabel}
        </FocusHeading>
      ) : (
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight" data-testid="donation-status">
          {result.statusLabel}
        </h1>
      )}
      <p className="mt-3 text-ink-muted">
        {formatCents(result.chargeCents)} to {result.organizationName} · {result.campaignName}
      </p>
      <div className="mt-6 space-y-4">
        {result.status === "requires_action" ? (
          <>
            <Alert variant="warning" title="Your bank asks you to verify this payment">
              Your card needs an extra verification step (3-D Secure) before the payment completes. Nothing has been charged yet.
            </Alert>
            {result.provider === "sandbox" ? <SandboxActionButton action="verify" donationId={result.donationId} token={result.accessToken} label="Verify payment" flow={flow} /> : null}
          </>
        ) : null}
        {result.status === "processing" ? (
          <>
            <Alert variant="info" title="Your bank payment is on its way">
              Bank payments take a few business days to settle. We email your receipt when it does.
            </Alert>
            {result.provider === "sandbox" ? (
              <SandboxActionButton action="settle" donationId={result.donationId} token={result.accessToken} label="Settle now (sandbox)" flow={flow} />
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
