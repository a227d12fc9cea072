import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { requireUserPage } from "@/lib/http/session";
import { getPaymentConnection } from "@/lib/services/payouts/connect";
import { getPledgeSummary } from "@/lib/services/pledges/pledges";
import { ConnectButtons } from "./connect-buttons";
import { SandboxConnectButton } from "./sandbox-connect-button";

export const metadata: Metadata = { title: "Connect Payments" };
export const dynamic = "force-dynamic";

/** /connect-payments — a nonprofit connects Stripe (Connect Express) or PayPal to receive donations. */
export default async function ConnectPaymentsPage() {
  const actor = await requireUserPage("/connect-payments", "nonprofit");
  const [c, pledges] = await Promise.all([getPaymentConnection({ actor }), actor.organizationId ? getPledgeSummary({ actor, organizationId: actor.organizationId }) : Promise.resolve(null)]);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight">Connect Payments</h1>
      <p className="mt-2 text-ink-muted">Connect a payment account so donations reach your organization.</p>
      <div className="mt-6 space-y-4">
        {c.connected ? (
          <Alert variant="success" title="Payments connected">
            {c.stripeComplete && c.stripeAccountId ? `Stripe account ${c.stripeAccountId} is connected. ` : ""}
            {c.paypalMerchantId ? `PayPal merchant ${c.paypalMerchantId} is connected.` : ""}
            {c.sandboxConnectedAt && !c.stripeAccountId && !c.paypalMerchantId ? "Sandbox payments are connected: gifts use test cards and no real money moves." : ""}
          </Alert>
        ) : (
          <Alert variant="info" title="No payment account connected yet">
            Connect Stripe or PayPal to receive donations directly.
          </Alert>
        )}
        {pledges?.message && !c.connected ? (
          <Alert variant="warning" title={pledges.message}>
            Each of these donors gets one email with a link to complete their gift as soon as you connect.
          </Alert>
        ) : null}
        {c.sandbox ? (
          <Alert variant="warning" title="Sandbox payments">
            This server has no Stripe or PayPal keys: donations use the sandbox provider with test cards, and no real money moves.
          </Alert>
        ) : null}
        {c.sandbox && !c.connected ? <SandboxConnectButton /> : null}
        <ConnectButtons stripeConfigured={c.stripeConfigured} paypalConfigured={c.paypalConfigured} organizationId={actor.organizationId ?? ""} />
        <LinkButton href="/dashboard" variant="ghost">
          Back to your dashboard
        </LinkButton>
      </div>
    </section>
  );
}
