"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button, LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { formatCents } from "@/lib/money";
import type { TicketTypeView } from "@/lib/services/events/manage-events";
import type { TicketOrderResult } from "@/lib/services/events/tickets";
import { MAX_TICKETS_PER_ORDER, ticketFormSchema, ticketOrderRequestBody, type TicketFormValues } from "@/lib/validations/event";
import { nestedFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { sendWithChallenge, useCheckoutChallenge } from "@/components/payments/checkout-challenge";
import { SandboxCardFields } from "@/components/payments/sandbox-card-fields";
import { requestJson } from "@/lib/client/request";

type Props = {
  eventId: string;
  eventName: string;
  ticketTypes: TicketTypeView[];
  /** The signed-in user's name and email, prefilled; null for a guest. */
  buyer: { name: string; email: string } | null;
  provider: "sandbox" | "stripe" | "paypal";
};

const m = messages.events;
const newKey = () => crypto.randomUUID();
const priceText = (cents: number) => (cents === 0 ? "Free" : formatCents(cents));
const leftText = (t: TicketTypeView) => (t.soldOut ? "Sold out" : t.remaining === null ? "Available" : `${t.remaining} left`);

/**
 * Choose a ticket type and quantity, give name and email (and a sandbox card for paid
 * tickets), then see the order's confirmation. Each attempt sends its own idempotency key; a
 * network failure keeps the key so a retry cannot order twice. A guest's paid order carries
 * the checkout's invisible proof-of-work solution, as a guest's donation does.
 */
export function TicketPurchase({ eventId, eventName, ticketTypes, buyer, provider }: Props) {
  const router = useRouter();
  const ids = useId();
  const firstAvailable = ticketTypes.find((t) => !t.soldOut)?._id ?? null;
  const [typeId, setTypeId] = useState<string | null>(firstAvailable);
  const [quantity, setQuantity] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [result, setResult] = useState<TicketOrderResult | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const challenge = useCheckoutChallenge(ticketTypes.some((t) => t.priceCents > 0));

  const selected = ticketTypes.find((t) => t._id === typeId) ?? null;
  const maxQuantity = selected ? Math.min(MAX_TICKETS_PER_ORDER, selected.remaining ?? MAX_TICKETS_PER_ORDER) : 0;
  const paid = Boolean(selected && selected.priceCents > 0);
  const paymentUnavailable = paid && provider !== "sandbox";
  const totalCents = selected ? selected.priceCents * quantity : 0;

  // The browser checks what the server would (ticketFormSchema): the buyer, and the sandbox's
  // test card for paid tickets.
  const form = useForm<TicketFormValues>({
    defaultValues: { name: buyer?.name ?? "", email: buyer?.email ?? "", card: { number: "", expiry: "", cvc: "" } },
    resolver: zodResolver(ticketFormSchema({ card: paid && provider === "sandbox" }), undefined, { raw: true }),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { setValue } = form;
  const [name, email, card] = useWatch({ control: form.control, name: ["name", "email", "card"] });

  // Fresh counts from the server (after an order) may leave fewer seats than chosen.
  if (selected && quantity > Math.max(1, maxQuantity)) setQuantity(Math.max(1, maxQuantity));
  if (selected?.soldOut && !result) setTypeId(ticketTypes.find((t) => !t.soldOut)?._id ?? null);

  useEffect(() => {
    if (result) confirmationRef.current?.focus();
  }, [result]);

  /** The form's own check failed: show its messages (by field path) and post nothing. */
  function showFieldErrors(fieldErrors: Record<string, string>) {
    setFormError(null);
    setErrors(fieldErrors);
  }

  async function order() {
    if (!selected) return;
    showFieldErrors({});
    setBusy(true);
    try {
      const send = (altcha: string | null) =>
        requestJson<TicketOrderResult>(`/api/events/${encodeURIComponent(eventId)}/orders`, {
          method: "POST",
          body: ticketOrderRequestBody(form.getValues(), { idempotencyKey, ticketTypeId: selected._id, quantity, paid, altcha }),
        });
      const res = paid ? await sendWithChallenge(challenge, Boolean(buyer), send) : await send(null);
      if (!res.ok) {
        if (Object.keys(res.fields).length > 0) setErrors(res.fields);
        setFormError(res.message);
        // Refused: the next attempt is a new order. No answer (status 0): keep the key so a retry is the same order.
        if (res.status >= 400 && res.status < 500) setIdempotencyKey(newKey());
        if (res.status === 409) router.refresh();
        return;
      }
      const body = res.data;
      setIdempotencyKey(newKey());
      if (body.order.status === "canceled") {
        setFormError(body.payment?.failureReason ? `${body.payment.failureReason} ${m.paymentFailed}` : m.paymentFailed);
        router.refresh();
        return;
      }
      setResult(body);
      router.refresh();
    } catch {
      // The challenge could not be solved: keep the key so a retry is the same order.
      setFormError(messages.generic.server);
    } finally {
      setBusy(false);
    }
  }

  const ticketList = (
    <fieldset>
      <legend className="text-lg font-bold text-ink">Choose your tickets</legend>
      <ul className="mt-3 space-y-2">
        {ticketTypes.map((t) => {
          const checked = t._id === typeId;
          return (
            <li key={t._id}>
              <label
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-control border p-3",
                  t.soldOut ? "cursor-not-allowed border-slate-200 bg-surface-muted text-ink-muted" : checked ? "border-brand-700 bg-brand-50" : "border-slate-300 bg-white",
                )}
                data-testid="ticket-type"
              >
                <input
                  type="radio"
                  name="ticketType"
                  value={t._id}
                  checked={checked}
                  disabled={t.soldOut || Boolean(result)}
                  onChange={() => {
                    setTypeId(t._id);
                    setQuantity(1);
                  }}
                  className="size-4 accent-brand-700"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">{t.name}</span>
                  <span className="block text-sm">{priceText(t.priceCents)}</span>
                </span>
                <span className={cn("shrink-0 text-sm font-semibold", t.soldOut ? "text-red-700" : "text-ink-muted")}>{leftText(t)}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );

  if (result) {
    const o = result.order;
    return (
      <div className="space-y-6">
        <Card className="border-brand-200" aria-live="polite">
          <h2 ref={confirmationRef} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold text-ink focus:outline-none" data-testid="ticket-confirmation">
            <CheckCircle2 className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
            {o.status === "confirmed" ? "Your tickets are confirmed" : "Your order is waiting for payment"}
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-muted">Event</dt>
            <dd className="break-words">{o.eventName}</dd>
            <dt className="text-ink-muted">Tickets</dt>
            <dd className="break-words">
              {o.quantity} × {o.ticketTypeName} ({priceText(o.unitPriceCents)})
            </dd>
            <dt className="text-ink-muted">Total</dt>
            <dd>{priceText(o.amountCents)}</dd>
            <dt className="text-ink-muted">Name</dt>
            <dd className="break-words">{o.buyerName}</dd>
            <dt className="text-ink-muted">Email</dt>
            <dd className="break-all">{o.buyerEmail}</dd>
            <dt className="text-ink-muted">Order</dt>
            <dd className="break-all">{o._id}</dd>
          </dl>
          {o.status === "pending" && result.payment ? (
            <Alert variant="warning" className="mt-4">
              Your bank asks you to verify this payment. Your seats are held until it completes.{" "}
              <a className="font-semibold underline" href={`/complete-donation?donation=${encodeURIComponent(result.payment.donationId)}&token=${encodeURIComponent(result.payment.accessToken)}`}>
                Verify the payment
              </a>
            </Alert>
          ) : null}
          <div className="mt-5 flex flex-wrap gap-3">
            <LinkButton href={`/event/${eventId}`} variant="outline">
              Back to {eventName}
            </LinkButton>
            <Button variant="ghost" onClick={() => setResult(null)}>
              Get more tickets
            </Button>
          </div>
        </Card>
        {ticketList}
      </div>
    );
  }

  return (
    <form method="post" onSubmit={(e) => void form.handleSubmit(order, (fieldErrors) => (selected ? showFieldErrors(nestedFieldErrors(fieldErrors)) : undefined))(e)} noValidate className="space-y-8" aria-label={`Get tickets for ${eventName}`}>
      {ticketList}
      {selected ? (
        <>
          <Select
            label="Number of tickets"
            name="quantity"
            value={String(quantity)}
            onChange={(e) => setQuantity(Number(e.target.value))}
            options={Array.from({ length: Math.max(1, maxQuantity) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
            error={errors.quantity}
          />
          <fieldset className="space-y-4">
            <legend className="text-lg font-bold text-ink">Your details</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Name" name="name" autoComplete="name" required value={name} onChange={(e) => setValue("name", e.target.value)} error={errors.name} maxLength={120} />
              <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setValue("email", e.target.value)} error={errors.email} maxLength={254} />
            </div>
          </fieldset>
          {paid ? (
            <fieldset className="space-y-4">
              <legend className="text-lg font-bold text-ink">Payment</legend>
              {paymentUnavailable ? <Alert variant="warning">{messages.donation.stripeJsMissing}</Alert> : <SandboxCardFields value={card} onChange={(c) => setValue("card", c)} errors={errors} />}
            </fieldset>
          ) : null}
        </>
      ) : (
        <Alert variant="info">{m.soldOut}</Alert>
      )}
      {challenge.element}
      <div aria-live="polite" id={`${ids}-status`}>
        {formError ? (
          <Alert variant="error" title="Your order did not go through">
            <span data-testid="ticket-error">{formError}</span>
          </Alert>
        ) : null}
      </div>
      {selected ? (
        <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel="Placing your order..." disabled={paymentUnavailable}>
          {paid ? `Pay ${formatCents(totalCents)}` : `Get ${quantity} free ticket${quantity === 1 ? "" : "s"}`}
        </Button>
      ) : null}
    </form>
  );
}
