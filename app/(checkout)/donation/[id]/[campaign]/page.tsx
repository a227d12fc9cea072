import type { Metadata } from "next";
import { legalNameLine } from "@/lib/validations/legal-name";
import { notFound } from "next/navigation";
import { CheckoutPanel } from "@/components/payments/checkout-panel";
import { GivingOnPage } from "@/components/supporter-pages/giving-on-page";
import { ProgressBar } from "@/components/ui/progress-bar";
import { getActor } from "@/lib/http/session";
import { DIRECT_DONATION } from "@/lib/donations/labels";
import { formatCents } from "@/lib/money";
import { getCheckoutContext } from "@/lib/services/donations/get-checkout-context";
import { pledgePrefill } from "@/lib/services/pledges/pledges";
import { supporterPageForCheckout } from "@/lib/services/supporter-pages/public-supporter-pages";

export const metadata: Metadata = { title: "Donate" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string; campaign: string }>; searchParams: Promise<{ pledge?: string | string[]; token?: string | string[]; page?: string | string[] }> };

/** /donation/:id/:campaign — checkout for a fundraiser (campaign id) or a direct gift (`direct`); `?page=` names the supporter page the gift is made on. */
export default async function DonationPage({ params, searchParams }: Props) {
  const { id, campaign: fundraiser } = await params;
  const { pledge, token, page } = await searchParams;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || !/^[A-Za-z0-9_-]{1,64}$/.test(fundraiser)) notFound();
  const actor = await getActor();
  const ctx = await getCheckoutContext({ actor, organizationId: id, fundraiser });
  if (!ctx) notFound();
  // A pledge's emailed link opens checkout with the pledged amount and email filled in.
  const prefill = ctx.organization.receivesGifts && typeof pledge === "string" ? await pledgePrefill({ pledgeId: pledge, token: typeof token === "string" ? token : null, organizationId: ctx.organization.id }) : null;
  const place = [ctx.organization.city, ctx.organization.state].filter(Boolean).join(", ");
  // A gift started on a supporter's page (peer-to-peer) is attributed to it.
  const supporterPage = ctx.campaign && typeof page === "string" ? await supporterPageForCheckout({ pageId: page, fundraiserId: ctx.campaign._id }) : null;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Donate</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{ctx.campaign ? ctx.campaign.name : ctx.organization.name}</h1>
      <p className="mt-2 text-ink-muted">
        {ctx.campaign ? <>A fundraiser by {ctx.organization.name}</> : DIRECT_DONATION}
        {place ? ` · ${place}` : ""}
      </p>
      {legalNameLine(ctx.organization) ? <p className="mt-1 text-sm text-ink-muted">{legalNameLine(ctx.organization)}</p> : null}
      {supporterPage ? <GivingOnPage page={supporterPage} organizationName={ctx.organization.name} /> : null}
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
        <CheckoutPanel ctx={ctx} prefill={prefill} supporterPageId={supporterPage?.id ?? null} />
      </div>
    </section>
  );
}
