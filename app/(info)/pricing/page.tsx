import type { Metadata } from "next";
import Link from "next/link";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { serverEnv } from "@/lib/env";
import { formatCents, type Cents } from "@/lib/money";
import { activeProviderName } from "@/lib/payments";
import { feesFor } from "@/lib/payments/fees";
import type { PaymentMethod } from "@/lib/payments/types";
import { LegalArticle } from "../_components/legal-article";

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "Plans and Pricing",
    description: "Givebridge is free for nonprofits to join. Every fee on a gift, with worked examples of what the nonprofit receives.",
    path: "/pricing",
  });
}

/**
 * The ways donors can pay at checkout, with their processing fee. Apple Pay and Google Pay are
 * named only with Stripe's payment form (which offers them where the device supports them); the
 * checkout form has no PayPal option, so PayPal's rate is not listed.
 */
function methods(): { method: PaymentMethod; label: string; rate: string }[] {
  const wallets = activeProviderName() === "stripe" && Boolean(serverEnv().STRIPE_PUBLISHABLE_KEY);
  return [
    { method: "card", label: wallets ? "Card, Apple Pay or Google Pay" : "Card", rate: "2.9% + $0.30" },
    { method: "us_bank_account", label: "Bank account (ACH)", rate: "0.8%, at most $5.00" },
  ];
}

const EXAMPLES: Cents[] = [2_500, 10_000, 50_000];

/** "2.5%" for 250 basis points. */
const percentOfBps = (bps: number) => `${(bps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

/**
 * /pricing — Plans and Pricing: every fee from lib/payments/fees.ts and PLATFORM_FEE_BPS, with
 * worked examples computed by the same feesFor() the checkout uses.
 */
export default function PricingPage() {
  const platformBps = serverEnv().PLATFORM_FEE_BPS;
  const offered = methods();
  return (
    <LegalArticle
      title="Plans and Pricing"
      intro={
        <p>
          Joining Givebridge is free for nonprofits: a public profile, fundraisers, events, donation reports and analytics at no monthly cost. A fee is
          taken only when a gift is made, and donors can choose to cover it.
        </p>
      }
    >
      <section>
        <h2>Fees on each gift</h2>
        <ul data-testid="fee-list">
          {offered.map((m) => (
            <li key={m.method}>
              <strong>{m.label}:</strong> {m.rate} processing fee.
            </li>
          ))}
          <li>
            <strong>Givebridge platform fee:</strong>{" "}
            {platformBps > 0 ? `${percentOfBps(platformBps)} of the gift, added to the processing fee.` : "none (0%)."}
          </li>
          <li>
            <strong>Monthly or setup fees:</strong> none. Ticket sales for events carry the same fees as gifts; free tickets cost nothing.
          </li>
        </ul>
      </section>

      <section>
        <h2>Worked examples</h2>
        <p>
          When the donor does not cover the fees, the nonprofit receives the gift less the fees. When the donor covers them, the fees are added to the charge
          and the nonprofit receives the full gift.
        </p>
        <div className="mt-4 space-y-6">
          {offered.map((m) => (
            <div key={m.method} className="overflow-x-auto rounded-card border border-slate-200">
              <table className="w-full min-w-0 text-left text-sm tabular-nums" data-testid={`fees-${m.method}`}>
                <caption className="bg-slate-50 p-3 text-left font-bold text-ink">{m.label}</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="p-2 sm:p-3">Gift</th>
                    <th scope="col" className="p-2 sm:p-3">Fees</th>
                    <th scope="col" className="p-2 sm:p-3">Nonprofit receives</th>
                    <th scope="col" className="p-2 sm:p-3">Donor covers: charged</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {EXAMPLES.map((amount) => {
                    const kept = feesFor(amount, m.method, false, platformBps);
                    const covered = feesFor(amount, m.method, true, platformBps);
                    return (
                      <tr key={amount}>
                        <th scope="row" className="p-2 font-semibold sm:p-3">{formatCents(amount)}</th>
                        <td className="p-2 sm:p-3">{formatCents(kept.feeCents)}</td>
                        <td className="p-2 sm:p-3">{formatCents(kept.netCents)}</td>
                        <td className="p-2 sm:p-3">{formatCents(covered.chargeCents)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      </section>

      <section>
        <h2>What the nonprofit receives</h2>
        <p>
          Gifts are paid to the payment account the nonprofit connects on Givebridge (Stripe or PayPal) and reach its bank on that provider&apos;s payout
          schedule. The fees of each gift are fixed when it is made, by the rates on this page. Questions about pricing?{" "}
          <Link href="/contact" className="font-semibold text-brand-700 underline">
            Contact us
          </Link>
          .
        </p>
      </section>
    </LegalArticle>
  );
}
