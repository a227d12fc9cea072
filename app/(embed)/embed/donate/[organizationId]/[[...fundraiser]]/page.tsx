import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InsecureHostNotice } from "@/components/embed/insecure-host-notice";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { CheckoutPanel } from "@/components/payments/checkout-panel";
import { GivingOnPage } from "@/components/supporter-pages/giving-on-page";
import { getActor } from "@/lib/http/session";
import { checkoutPath, PATH_ID_RE } from "@/lib/embed/paths";
import { DIRECT_DONATION } from "@/lib/donations/labels";
import { formatCents } from "@/lib/money";
import { getCheckoutContext } from "@/lib/services/donations/get-checkout-context";
import { supporterPageForCheckout } from "@/lib/services/supporter-pages/public-supporter-pages";

export const metadata: Metadata = { title: "Donate" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ organizationId: string; fundraiser?: string[] }>; searchParams: Promise<{ page?: string | string[] }> };

/**
 * /embed/donate/:organizationId[/:fundraiserId] — the embeddable donate form: the site's
 * checkout (same form, calls, idempotency keys, checkout challenge and velocity limits) in a
 * compact page that other sites may frame; `?page=` names a supporter page of the fundraiser
 * whose gifts it takes (peer-to-peer). Results stay under /embed/ (lib/embed/paths.ts).
 */
export default async function EmbedDonatePage({ params, searchParams }: Props) {
  const { organizationId, fundraiser = [] } = await params;
  const fundraiserSlot = fundraiser.length === 0 ? "direct" : fundraiser.length === 1 ? fundraiser[0]! : null;
  if (!PATH_ID_RE.test(organizationId) || !fundraiserSlot || !PATH_ID_RE.test(fundraiserSlot)) notFound();
  const ctx = await getCheckoutContext({ actor: await getActor(), organizationId, fundraiser: fundraiserSlot });
  if (!ctx) notFound();
  const { page } = await searchParams;
  // A form embedded for a supporter's page (peer-to-peer): its gifts are attributed to it.
  const supporterPage = ctx.campaign && typeof page === "string" ? await supporterPageForCheckout({ pageId: page, fundraiserId: ctx.campaign._id }) : null;
  const sitePath = checkoutPath("site", ctx.organization.id, ctx.campaign?._id ?? null) + (supporterPage ? `?page=${encodeURIComponent(supporterPage.id)}` : "");
  return (
    <div className="px-4 py-5">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Donate</p>
      <h1 className="mt-1 text-xl font-extrabold tracking-tight break-words">{ctx.campaign ? ctx.campaign.name : ctx.organization.name}</h1>
      <p className="text-sm text-ink-muted">{ctx.campaign ? `A fundraiser by ${ctx.organization.name}` : DIRECT_DONATION}</p>
      {ctx.campaign ? (
        <div className="mt-3" data-testid="fundraiser-progress">
          <p className="mb-1 text-sm text-ink-muted">
            <span className="font-semibold text-ink">{formatCents(ctx.campaign.progress)}</span> raised of {formatCents(ctx.campaign.goal)}
          </p>
          <FundraiserProgress name={ctx.campaign.name} progressCents={ctx.campaign.progress} goalCents={ctx.campaign.goal} />
        </div>
      ) : null}
      {supporterPage ? <GivingOnPage page={supporterPage} organizationName={ctx.organization.name} newTab /> : null}
      <InsecureHostNotice giveHref={sitePath} />
      <div className="mt-5">
        <CheckoutPanel ctx={ctx} flow="embed" supporterPageId={supporterPage?.id ?? null} />
      </div>
      <p className="mt-5 text-center text-xs text-ink-muted">
        Secure giving by{" "}
        <a href="/" target="_blank" rel="noopener" className="font-semibold text-brand-700 hover:underline">
          Givebridge<span className="sr-only"> (opens in a new tab)</span>
        </a>
        {" · "}
        <a href={sitePath} target="_blank" rel="noopener" className="font-semibold text-brand-700 hover:underline">
          Open this form on Givebridge<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
