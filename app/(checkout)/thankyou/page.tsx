import type { Metadata } from "next";
import { HeartHandshake, Search } from "lucide-react";
import { ThankYouSummary } from "@/components/payments/thank-you-summary";
import { LinkButton } from "@/components/ui/button";
import { loadResult } from "@/lib/http/donation-result-query";
import { ShareButton } from "./share-button";

export const metadata: Metadata = { title: "Thank you" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /thankyou — thanks for a completed gift, the receipt and a share button. */
export default async function ThankYouPage({ searchParams }: Props) {
  const result = await loadResult(searchParams);
  if (!result) {
    return (
      <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <HeartHandshake className="size-12 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">Thank you for visiting</h1>
        <p className="mt-4 text-lg text-ink-muted" data-testid="thankyou-empty">
          There is no gift to show on this page. If you just gave, your receipt is in your email and in your donation history. Looking for a cause to
          support? Start with nonprofits and fundraisers near you.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <LinkButton href="/search?queryString=&searchCategory=NonProfits" leftIcon={<Search className="size-4" aria-hidden="true" />}>
            Find a cause
          </LinkButton>
          <LinkButton href="/dashboard" variant="outline">
            Your donation history
          </LinkButton>
        </div>
      </section>
    );
  }
  // A fundraiser gift shares the fundraiser's own page; a direct gift the organization's profile.
  const fundraiserPath = result.campaignId ? `/fundraiser/${result.campaignId}` : `/nonprofit/${result.organizationId}`;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
      <h1 className="text-4xl font-extrabold tracking-tight">Thank you!</h1>
      <ThankYouSummary result={result} />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {result.receiptPath ? (
          <LinkButton href={result.receiptPath} variant="primary">
            Download receipt (PDF)
          </LinkButton>
        ) : null}
        <ShareButton path={fundraiserPath} title={result.campaignId ? result.campaignName : result.organizationName} />
        <LinkButton href={fundraiserPath} variant="ghost">
          {result.campaignId ? "Back to the fundraiser" : "Back to the organization"}
        </LinkButton>
      </div>
    </section>
  );
}
