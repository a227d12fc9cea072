import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { LinkButton } from "@/components/ui/button";
import { formatCents } from "@/lib/money";
import { loadResult } from "../complete-donation/load-result";
import { ShareButton } from "./share-button";

export const metadata: Metadata = { title: "Thank you" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /thankyou — thanks for a completed gift, the receipt and a share button. */
export default async function ThankYouPage({ searchParams }: Props) {
  const result = await loadResult(searchParams);
  if (!result) return <PlaceholderPage title="Thank you" description="Thank you for your generosity." />;
  const fundraiserPath = `/donation/${result.organizationId}/${result.campaignId ?? "direct"}`;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Thank you!</h1>
      <p className="mt-4 text-lg" data-testid="thankyou-summary">
        Your {result.recurring ? "monthly " : ""}gift of <strong>{formatCents(result.amountCents)}</strong> to {result.organizationName} ({result.campaignName}) is{" "}
        {result.statusLabel === "Completed" ? "complete" : result.statusLabel.toLowerCase()}.
      </p>
      {result.donorEmail ? <p className="mt-2 text-ink-muted">We emailed your receipt to {result.donorEmail}.</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {result.receiptPath ? (
          <LinkButton href={result.receiptPath} variant="primary">
            Download receipt (PDF)
          </LinkButton>
        ) : null}
        <ShareButton path={fundraiserPath} title={result.campaignId ? result.campaignName : result.organizationName} />
        <LinkButton href={fundraiserPath} variant="ghost">
          Back to the fundraiser
        </LinkButton>
      </div>
    </section>
  );
}
