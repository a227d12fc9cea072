import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { requireUserPage } from "@/lib/http/session";
import { savePaypalMerchant } from "@/lib/services/payouts/connect";

export const metadata: Metadata = { title: "PayPal connection" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /paypal-onboarding-complete — PayPal returns here with the merchant id and the single-use
 * state the app issued when onboarding started; with a valid state the organization is then
 * connected (spec 4). Without it (a link from anywhere else) nothing changes.
 */
export default async function PaypalOnboardingCompletePage({ searchParams }: Props) {
  const actor = await requireUserPage("/paypal-onboarding-complete", "nonprofit");
  const q = await searchParams;
  const merchantId = typeof q.merchantIdInPayPal === "string" ? q.merchantIdInPayPal : null;
  const state = typeof q.state === "string" ? q.state : null;
  const saved = merchantId && state ? await savePaypalMerchant({ actor, merchantId, state }).catch(() => null) : null;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">PayPal connection</h1>
      <div className="mt-6 space-y-4">
        {saved?.connected ? (
          <Alert variant="success" title="PayPal is connected">
            Donations can now be paid to your PayPal account.
          </Alert>
        ) : (
          <Alert variant="error" title="PayPal did not confirm the connection">
            Please try connecting again from Connect Payments.
          </Alert>
        )}
        <LinkButton href="/connect-payments" variant="outline">
          Back to Connect Payments
        </LinkButton>
      </div>
    </section>
  );
}
