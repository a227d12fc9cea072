import type { Metadata } from "next";
import { legalNameLine } from "@/lib/validations/legal-name";
import { notFound } from "next/navigation";
import { CheckoutPanel } from "@/components/payments/checkout-panel";
import { BrowserGivingOnPage } from "@/components/payments/checkout-visitor";
import { ProgressBar } from "@/components/ui/progress-bar";
import { DIRECT_DONATION } from "@/lib/donations/labels";
import { formatCents } from "@/lib/money";
import { getCheckoutContext } from "@/lib/services/donations/get-checkout-context";

export const metadata: Metadata = { title: "Donate" };

/**
 * Served from cache, the same HTML for every visitor (on a giving day everyone opens this page at
 * once); re-rendered at most every minute, and at once when a gift or an edit changes its
 * progress or its fundraiser (lib/cache/public-pages.ts). The visitor's own part (who is giving,
 * their sharing defaults, a pledge link's prefill, the supporter page of `?page=`) loads in the
 * browser (components/payments/checkout-visitor.tsx); the proof-of-work challenge of a guest too.
 */
export const revalidate = 60;

/** No checkout is rendered at build time: each is rendered on its first visit, then cached. */
export function generateStaticParams(): { id: string; campaign: string }[] {
  return [];
}

type Props = { params: Promise<{ id: string; campaign: string }> };

/** /donation/:id/:campaign — checkout for a fundraiser (campaign id) or a direct gift (`direct`); `?page=` names the supporter page the gift is made on, `?pledge=&token=` a pledge link. */
export default async function DonationPage({ params }: Props) {
  const { id, campaign: fundraiser } = await params;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !/^[A-Za-z0-9_-]{1,64}$/.test(fundraiser)) notFound();
  const ctx = await getCheckoutContext({ actor: null, organizationId: id, fundraiser });
  if (!ctx) notFound();
  const place = [ctx.organization.city, ctx.organization.state].filter(Boolean).join(", ");
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Donate</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{ctx.campaign ? ctx.campaign.name : ctx.organization.name}</h1>
      <p className="mt-2 text-ink-muted">
        {ctx.campaign ? <>A fundraiser by {ctx.organization.name}</> : DIRECT_DONATION}
        {place ? ` · ${place}` : ""}
      </p>
      {legalNameLine(ctx.organization) ? <p className="mt-1 text-sm text-ink-muted">{legalNameLine(ctx.organization)}</p> : null}
      {ctx.campaign ? <BrowserGivingOnPage organizationId={ctx.organization.id} fundraiserId={ctx.campaign._id} organizationName={ctx.organization.name} /> : null}
      {ctx.campaign ? (
        <div className="mt-5 rounded-card border border-slate-200 bg-white p-4" data-testid="fundraiser-progress">
          <p className="mb-2 text-sm text-ink-muted">
            <span className="font-semibold text-ink" data-testid="progress-raised">
              {formatCents(ctx.campaign.progress)}
            </span>{" "}
            raised of {formatCents(ctx.campaign.goal)}
          </p>
          <ProgressBar
            value={ctx.campaign.progress}
            max={ctx.campaign.goal}
            label={`Raised toward the ${formatCents(ctx.campaign.goal)} goal`}
            valueText={`${formatCents(ctx.campaign.progress)} of ${formatCents(ctx.campaign.goal)}`}
            showPercent
          />
        </div>
      ) : null}
      <div className="mt-8">
        <CheckoutPanel ctx={ctx} visitor="browser" />
      </div>
    </section>
  );
}
