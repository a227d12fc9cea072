import { formatCents } from "@/lib/money";
import type { DonationResult } from "@/lib/services/donations/get-donation-result";

/**
 * The thank-you's words for a gift (site and embedded form): amount, organization, fundraiser
 * and status, then where the receipt went.
 */
export function ThankYouSummary({ result, size = "lg" }: { result: DonationResult; size?: "lg" | "md" }) {
  return (
    <>
      <p className={size === "lg" ? "mt-4 text-lg" : "mt-3"} data-testid="thankyou-summary">
        Your {result.recurring ? "monthly " : ""}gift of <strong>{formatCents(result.amountCents)}</strong> to {result.organizationName} ({result.campaignName}) is{" "}
        {result.status === "succeeded" ? "complete" : result.statusLabel.toLowerCase()}.
      </p>
      {result.donorEmail ? <p className="mt-2 break-words text-ink-muted">We emailed your receipt to {result.donorEmail}.</p> : null}
    </>
  );
}
