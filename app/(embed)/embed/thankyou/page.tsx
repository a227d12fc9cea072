import type { Metadata } from "next";
import { FocusHeading } from "@/components/embed/focus-heading";
import { ThankYouSummary } from "@/components/payments/thank-you-summary";
import { Alert } from "@/components/ui/alert";
import { buttonClasses, LinkButton } from "@/components/ui/button";
import { checkoutPath } from "@/lib/embed/paths";
import { loadResult } from "@/lib/http/donation-result-query";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Thank you" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /embed/thankyou — the embedded form's thank-you: the gift, where the receipt went, the PDF receipt (new tab). */
export default async function EmbedThankYouPage({ searchParams }: Props) {
  const result = await loadResult(searchParams);
  if (!result) {
    return (
      <div className="px-4 py-6">
        <Alert variant="info" title="Thank you for visiting">
          {messages.embed.noGift}
        </Alert>
      </div>
    );
  }
  return (
    <section className="px-4 py-6 text-center">
      <FocusHeading className="text-2xl font-extrabold tracking-tight focus:outline-none" testId="embed-thanks">
        Thank you!
      </FocusHeading>
      <ThankYouSummary result={result} size="md" />
      <div className="mt-5 flex flex-col gap-2">
        {result.receiptPath ? (
          <a href={result.receiptPath} target="_blank" rel="noopener" className={buttonClasses({ variant: "primary", fullWidth: true })}>
            Download receipt (PDF)<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <LinkButton href={checkoutPath("embed", result.organizationId, result.campaignId)} variant="outline" fullWidth>
          Give again
        </LinkButton>
      </div>
    </section>
  );
}
