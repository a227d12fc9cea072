import { PledgeForm } from "@/components/pledges/pledge-form-chunk";
import { Alert } from "@/components/ui/alert";
import type { CheckoutFlow } from "@/lib/embed/paths";
import type { CheckoutContext } from "@/lib/services/donations/get-checkout-context";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";
import { CheckoutForm } from "./checkout-form";
import { BrowserCheckoutForm } from "./checkout-visitor";
import { PaymentTrustNote } from "./payment-trust-note";
import { TaxFacts } from "./tax-facts";

/**
 * What a checkout page offers for one organization (and fundraiser), on the site and in the
 * embedded form alike: "Donations are not open" when it is not approved and live; the
 * "doesn't receive gifts on Givebridge yet" pledge form when it cannot be paid out
 * (lib/services/organizations/receiving.ts); "Fundraiser ended"; otherwise the checkout form.
 * Above a pledge or checkout form: the organization's EIN, 501(c) status and deductibility.
 * `supporterPageId`: the gift is made on that supporter page of the fundraiser (peer-to-peer).
 * `visitor`: "server" (default) when `ctx` carries the visitor's own part (a page rendered per
 * request); "browser" on the donate page served from cache, where the form asks for it
 * (./checkout-visitor.tsx) and `ctx`, `prefill` and `supporterPageId` are the same for everyone.
 */
export function CheckoutPanel({ ctx, prefill = null, flow = "site", supporterPageId = null, visitor = "server" }: { ctx: CheckoutContext; prefill?: { amountCents: number; email: string } | null; flow?: CheckoutFlow; supporterPageId?: string | null; visitor?: "server" | "browser" }) {
  if (!ctx.organization.acceptsGifts) {
    return (
      <Alert variant="warning" title="Donations are not open">
        {messages.donation.organizationNotAccepting}
      </Alert>
    );
  }
  const taxFacts = <TaxFacts name={ctx.organization.name} einFormatted={ctx.organization.einFormatted} tax={ctx.organization.tax} />;
  if (!ctx.organization.receivesGifts) {
    return (
      <div className="space-y-6">
        {taxFacts}
        <PledgeForm organizationId={ctx.organization.id} organizationName={ctx.organization.name} fundraiserId={ctx.campaign?._id ?? null} signedInEmail={visitor === "browser" ? "browser" : (ctx.donor?.email ?? null)} maxCents={ctx.maxCents} />
      </div>
    );
  }
  if (ctx.campaign && ctx.campaign.status !== "active") {
    return (
      <Alert variant="warning" title="Fundraiser ended">
        {messages.donation.campaignEnded}
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      {taxFacts}
      {visitor === "browser" ? (
        <BrowserCheckoutForm
          organizationId={ctx.organization.id}
          organizationName={ctx.organization.name}
          fundraiserId={ctx.campaign?._id ?? null}
          maxCents={ctx.maxCents}
          provider={ctx.provider}
          stripePublishableKey={ctx.stripePublishableKey}
          flow={flow}
          trustNote={<PaymentTrustNote provider={ctx.provider} flow={flow} />}
        />
      ) : (
        <CheckoutForm
          organizationId={ctx.organization.id}
          organizationName={ctx.organization.name}
          fundraiserId={ctx.campaign?._id ?? null}
          supporterPageId={ctx.campaign ? supporterPageId : null}
          donor={ctx.donor}
          shareDefaults={ctx.shareDefaults}
          maxCents={ctx.maxCents}
          provider={ctx.provider}
          stripePublishableKey={ctx.stripePublishableKey}
          prefill={prefill}
          flow={flow}
          trustNote={<PaymentTrustNote provider={ctx.provider} flow={flow} />}
        />
      )}
    </div>
  );
}
