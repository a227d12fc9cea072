"use client";

/**
 * The event manager's "Orders" dialog: an event's ticket orders (buyer, tickets, amount,
 * status) with a Refund button on each paid order that can still be refunded. A refund is
 * asked for once, confirmed inline, and the row shows what the server answered (Refunded, or
 * sent to the provider for its confirmation). Data: GET /api/events/{id}/orders; refunds:
 * POST /api/ticket-orders/{id}/refund.
 */
import { ReceiptText } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { requestJson } from "@/lib/client/request";
import { formatCents } from "@/lib/money";
import type { TicketOrderView } from "@/lib/services/events/list-ticket-orders";
import type { TicketRefundOutcome } from "@/lib/services/events/refund-ticket-order";
import { messages } from "@/lib/validations/messages";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** What a row's status reads, from its order and payment. */
function statusLabel(o: TicketOrderView): string {
  if (o.paymentStatus === "refunded") return "Refunded";
  if (o.status === "canceled") return "Canceled";
  if (o.status === "pending") return "Awaiting payment";
  return o.amountCents === 0 ? "Confirmed (free)" : "Paid";
}

/** The dialog for event `event`; `open` and `onOpenChange` as the Modal's. Each opening loads the orders afresh. */
export function TicketOrdersDialog({ event, open, onOpenChange }: { event: { _id: string; name: string } | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={event ? `Ticket orders of ${event.name}` : "Ticket orders"} size="lg" preventClose={busy}>
      {open && event ? <TicketOrders key={event._id} eventId={event._id} onBusy={setBusy} /> : null}
    </Modal>
  );
}

/** The orders of event `eventId`, loaded once on mount, with their refund buttons. */
function TicketOrders({ eventId, onBusy }: { eventId: string; onBusy: (busy: boolean) => void }) {
  const [orders, setOrders] = useState<TicketOrderView[] | null>(null);
  const [truncated, setTruncated] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ variant: "success" | "error"; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void requestJson<{ orders: TicketOrderView[]; truncated: boolean }>(`/api/events/${encodeURIComponent(eventId)}/orders`, { fallback: messages.refunds.ticketOrdersLoadFailed, cache: "no-store" }).then((res) => {
      if (!live) return;
      if (!res.ok) {
        setLoadError(res.message);
        return;
      }
      setOrders(res.data.orders);
      setTruncated(res.data.truncated);
    });
    return () => {
      live = false;
    };
  }, [eventId]);

  async function refund(order: TicketOrderView) {
    setBusy(order.id);
    onBusy(true);
    setNotice(null);
    const res = await requestJson<TicketRefundOutcome>(`/api/ticket-orders/${encodeURIComponent(order.id)}/refund`, { method: "POST", fallback: messages.refunds.ticketRefundFailed });
    setBusy(null);
    onBusy(false);
    setConfirming(null);
    if (!res.ok) {
      setNotice({ variant: "error", text: res.message });
      return;
    }
    const amount = formatCents(res.data.amountCents);
    setNotice({ variant: "success", text: res.data.status === "refunded" ? messages.refunds.ticketRefunded(amount) : messages.refunds.ticketRequested(amount) });
    setOrders((list) =>
      (list ?? []).map((o) => (o.id === order.id ? { ...o, refundable: false, paymentStatus: res.data.status === "refunded" ? "refunded" : o.paymentStatus } : o)),
    );
  }

  return (
    <>
      <div aria-live="polite" className="empty:hidden">
        {notice ? (
          <Alert variant={notice.variant} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {loadError ? (
        <Alert variant="error">{loadError}</Alert>
      ) : orders === null ? (
        <div className="py-6">
          <Spinner label="Loading orders..." size="sm" />
        </div>
      ) : orders.length === 0 ? (
        <EmptyState icon={<ReceiptText />} title="No ticket orders yet." description="Orders appear here as soon as someone gets tickets on the event's ticket page." />
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Ticket orders" data-testid="ticket-orders">
            {orders.map((o) => (
              <li key={o.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="ticket-order">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold break-words text-ink">{o.buyerName}</p>
                  <p className="break-all text-ink-muted">{o.buyerEmail}</p>
                  <p className="mt-0.5 text-ink">
                    {o.quantity} × {o.ticketTypeName} · {o.amountCents === 0 ? "Free" : formatCents(o.amountCents)}
                  </p>
                  <p className="text-ink-muted">
                    <time dateTime={o.createdAt}>{dateFormat.format(new Date(o.createdAt))}</time> · <span data-testid="ticket-order-status">{statusLabel(o)}</span>
                  </p>
                </div>
                {o.refundable ? (
                  <div className="flex shrink-0 flex-wrap items-center gap-2">
                    {confirming === o.id ? (
                      <>
                        <span className="text-sm text-ink">Refund {formatCents(o.amountCents)}?</span>
                        <Button size="sm" variant="ghost" onClick={() => setConfirming(null)} disabled={busy !== null}>
                          Keep it
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => refund(o)} loading={busy === o.id} loadingLabel="Refunding..." aria-label={`Confirm refund of ${o.buyerName}'s order`}>
                          Refund
                        </Button>
                      </>
                    ) : (
                      <Button size="sm" variant="outline" onClick={() => setConfirming(o.id)} disabled={busy !== null} aria-label={`Refund ${o.buyerName}'s order of ${formatCents(o.amountCents)}`}>
                        Refund
                      </Button>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {truncated ? <p className="mt-2 text-sm text-ink-muted">Showing the newest {orders.length} orders.</p> : null}
        </>
      )}
    </>
  );
}
