import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { loadResult } from "@/lib/http/donation-result-query";
import { ResultView } from "@/components/payments/donation-result-view";

export const metadata: Metadata = { title: "Your donation" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /complete-donation — the result of a card or bank payment, including Pending Verification. */
export default async function CompleteDonationPage({ searchParams }: Props) {
  const result = await loadResult(searchParams);
  if (!result) return <PlaceholderPage title="Donation not found" description="We could not find this donation. Check the link in your email." />;
  return <ResultView result={result} />;
}
