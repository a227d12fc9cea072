/**
 * Payment account status on Manage Donations (spec section 2: "If no payment account is
 * connected, a prompt links to Connect Payments"). With Stripe connected it shows the
 * available and pending balance and the latest payouts; a Stripe error is shown as a short
 * message and never breaks the report.
 */
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { Actor } from "@/lib/auth/actor";
import { formatCents } from "@/lib/money";
import { getPaymentConnection, getStripeBalance, getStripeTransactions } from "@/lib/services/payouts/connect";
import { formatDayInTimeZone } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";

/** The payment account's panel; payout days are shown in `timeZone` (the organization's). */
export async function PaymentsPanel({ actor, organizationId, timeZone }: { actor: Actor; organizationId: string; timeZone: string }) {
  const connection = await getPaymentConnection({ actor }).catch(() => null);
  if (!connection) return null;
  if (!connection.connected) {
    return (
      <Alert
        variant="info"
        title="Connect a payment account"
        action={
          <LinkButton href="/connect-payments" size="sm">
            Connect Payments
          </LinkButton>
        }
      >
        No payment account is connected yet. Connect Stripe or PayPal so donations reach your organization.
      </Alert>
    );
  }
  if (!(connection.stripeComplete && connection.stripeAccountId && connection.stripeConfigured)) {
    return (
      <Alert variant="success" title="Payments connected">
        {connection.paypalMerchantId
          ? "Your PayPal account is connected."
          : connection.sandboxConnectedAt && !connection.stripeAccountId
            ? "Sandbox payments are connected: gifts use test cards and no real money moves."
            : "Your payment account is connected."}
      </Alert>
    );
  }
  const [balance, payouts] = await Promise.allSettled([
    getStripeBalance({ actor, organizationId }),
    getStripeTransactions({ actor, organizationId }).then((list) => list.filter((t) => t.type === "payout").slice(0, 5)),
  ]);
  return (
    <Card as="section" aria-labelledby="stripe-balance-title">
      <CardTitle as="h2">
        <span id="stripe-balance-title">Stripe balance</span>
      </CardTitle>
      {balance.status === "fulfilled" ? (
        <dl className="mt-3 grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-ink-muted">Available</dt>
            <dd className="text-xl font-bold tabular-nums">{formatCents(balance.value.availableCents)}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">Pending</dt>
            <dd className="text-xl font-bold tabular-nums">{formatCents(balance.value.pendingCents)}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">{messages.reports.balanceFailed}</p>
      )}
      {payouts.status === "fulfilled" && payouts.value.length > 0 ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-ink">Latest payouts</h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {payouts.value.map((p) => (
              <li key={p.id} className="flex justify-between gap-3 py-1.5">
                <span>{formatDayInTimeZone(p.createdAt, timeZone, { weekday: false })}</span>
                <span className="tabular-nums">{formatCents(Math.abs(p.amountCents))}</span>
                <span className="text-ink-muted capitalize">{p.status}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
