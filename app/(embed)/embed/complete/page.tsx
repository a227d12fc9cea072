import type { Metadata } from "next";
import { ResultView } from "@/components/payments/donation-result-view";
import { Alert } from "@/components/ui/alert";
import { loadResult } from "@/lib/http/donation-result-query";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Your donation" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /embed/complete — inside the embedded form, the result of a card, bank or wallet payment
 * (Stripe returns here): Pending Verification, Processing, Failed with its reason, or Completed.
 */
export default async function EmbedCompletePage({ searchParams }: Props) {
  const result = await loadResult(searchParams);
  if (!result) {
    return (
      <div className="px-4 py-6">
        <Alert variant="error" title="Donation not found">
          {messages.donation.notFound}
        </Alert>
      </div>
    );
  }
  return <ResultView result={result} flow="embed" />;
}
