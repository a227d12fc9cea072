"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { displayDonationStatus, fundraiserLabel } from "@/lib/donations/labels";
import { formatCents, parseDollarsToCents } from "@/lib/money";
import type { ManagedRecurringGift } from "@/lib/services/recurring/manage-recurring-gift";
import { messages } from "@/lib/validations/messages";
import type { PaymentMethodInput } from "@/lib/validations/recurring";
import { PaymentMethodForm } from "./payment-method-form";
import { requestJson } from "@/lib/client/request";

const dateFmt = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const stateLabel = { active: "Active", paused: "Paused", past_due: "Past due", canceled: "Canceled" } as const;

type ApiError = { message: string; fields?: Record<string, string> };

/**
 * The manage page of one recurring gift (signed link or its owner): amount, next charge,
 * past charges with receipts, and every change the donor can make. Each change is one call to
 * /api/recurring/{id} carrying the link's token; the answer is the updated gift.
 */
export function ManageRecurringGift({ initial, token, stripePublishableKey }: { initial: ManagedRecurringGift; token: string | null; stripePublishableKey: string | null }) {
  const [gift, setGift] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const [amount, setAmount] = useState((initial.amountCents / 100).toFixed(2));
  const [day, setDay] = useState(String(initial.chargeDay));
  const [until, setUntil] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const url = `/api/recurring/${encodeURIComponent(gift.id)}`;
  const open = gift.state !== "canceled";

  const call = <T,>(method: "PUT" | "POST" | "DELETE", body: Record<string, unknown>) => requestJson<T>(url, { method, body: { ...body, ...(token ? { token } : {}) } });

  async function change(key: string, body: Record<string, unknown>, done: (g: ManagedRecurringGift) => string): Promise<ApiError | null> {
    setBusy(key);
    setErrors({});
    setNotice(null);
    try {
      const r = await call<ManagedRecurringGift>("PUT", body);
      if (!r.ok) {
        setErrors({ [key]: r.message, ...r.fields });
        return { message: r.message, fields: r.fields };
      }
      const g = r.data;
      setGift(g);
      setNotice(done(g));
      return null;
    } finally {
      setBusy(null);
    }
  }

  const submitAmount = (e: FormEvent) => {
    e.preventDefault();
    const cents = parseDollarsToCents(amount);
    if (cents === null) return setErrors({ amount: messages.donation.amountCents });
    void change("amount", { action: "amount", amountCents: cents }, (g) => `Your monthly gift is now ${formatCents(g.amountCents)}.`);
  };

  return (
    <div className="space-y-6">
      <header className="rounded-card border border-slate-200 bg-white p-5">
        <p className="text-sm text-ink-muted">Monthly gift</p>
        <h1 className="mt-1 text-2xl font-bold text-ink" data-testid="gift-summary">
          {formatCents(gift.amountCents)} every month to {gift.organizationName}
        </h1>
        <p className="text-ink-muted">{fundraiserLabel(gift.fundraiserName)}</p>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3">
          <Fact label="Status">
            <span data-testid="gift-state">{stateLabel[gift.state]}</span>
          </Fact>
          <Fact label="Next charge">
            <span data-testid="next-charge">{gift.nextChargeAt ? dateFmt(gift.nextChargeAt) : "None"}</span>
          </Fact>
          <Fact label="Payment method">
            <span data-testid="payment-method">{gift.paymentMethodLabel}</span>
          </Fact>
        </dl>
        {gift.state === "paused" && gift.pausedUntil ? <p className="mt-3 text-sm">Paused until {dateFmt(gift.pausedUntil)}.</p> : null}
        {gift.failureReason ? (
          <Alert variant="warning" className="mt-4" title={gift.state === "past_due" ? "Your gift is past due" : "Your last charge did not go through"}>
            {gift.failureReason} Update your payment method below and we will try again.
          </Alert>
        ) : null}
      </header>

      <div role="status" aria-live="polite">
        {notice ? (
          <Alert variant="success">
            <span data-testid="manage-notice">{notice}</span>
          </Alert>
        ) : null}
      </div>

      {open ? (
        <>
          <Section title="Change the amount">
            <form method="post" onSubmit={submitAmount} className="flex flex-wrap items-end gap-2" noValidate>
              <TextField label="Monthly amount (USD)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount ?? errors.amountCents} />
              <Button type="submit" loading={busy === "amount"}>
                Save amount
              </Button>
            </form>
            <p className="mt-1 text-sm text-ink-muted">Between $1.00 and {formatCents(gift.maxCents)}.</p>
          </Section>

          <Section title="Move the charge day">
            <form method="post"
              className="flex flex-wrap items-end gap-2"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void change("chargeDay", { action: "charge_day", chargeDay: Number(day) }, (g) => `Your gift is now charged on day ${g.chargeDay} of each month (next: ${g.nextChargeAt ? dateFmt(g.nextChargeAt) : "none"}).`);
              }}
            >
              <TextField label="Day of the month (1-31)" type="number" min={1} max={31} value={day} onChange={(e) => setDay(e.target.value)} error={errors.chargeDay} hint="In shorter months, the last day of the month." />
              <Button type="submit" loading={busy === "chargeDay"}>
                Save day
              </Button>
            </form>
          </Section>

          <Section title="Skip or pause">
            <div className="space-y-4">
              {gift.state !== "paused" && gift.nextChargeAt ? (
                <div>
                  <Button
                    variant="outline"
                    className="h-auto! min-h-11 py-2 text-left whitespace-normal!"
                    loading={busy === "skip"}
                    onClick={() => void change("skip", { action: "skip", period: gift.nextChargeAt!.slice(0, 10) }, (g) => `Skipped. Your next charge is on ${g.nextChargeAt ? dateFmt(g.nextChargeAt) : "none"}.`)}
                  >
                    Skip the charge on {dateFmt(gift.nextChargeAt)}
                  </Button>
                  {errors.skip ? <Alert variant="error" className="mt-2">{errors.skip}</Alert> : null}
                </div>
              ) : null}
              {gift.state === "paused" ? (
                <div>
                  <Button variant="outline" loading={busy === "resume"} onClick={() => void change("resume", { action: "resume" }, (g) => `Resumed. Your next charge is on ${g.nextChargeAt ? dateFmt(g.nextChargeAt) : "none"}.`)}>
                    Resume now
                  </Button>
                  {errors.resume ? <Alert variant="error" className="mt-2">{errors.resume}</Alert> : null}
                </div>
              ) : null}
              <form method="post"
                className="flex flex-wrap items-end gap-2"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void change("until", { action: "pause", until }, (g) => `Paused until ${g.pausedUntil ? dateFmt(g.pausedUntil) : until}. Next charge: ${g.nextChargeAt ? dateFmt(g.nextChargeAt) : "none"}.`);
                }}
              >
                <TextField label="Pause until" type="date" value={until} onChange={(e) => setUntil(e.target.value)} error={errors.until} />
                <Button type="submit" variant="outline" loading={busy === "until"} disabled={!until}>
                  Pause
                </Button>
              </form>
            </div>
          </Section>

          <Section title="Update the payment method">
            {gift.paymentForm === "none" ? (
              <p className="text-sm text-ink-muted">{messages.recurringGifts.paypalNotSupported}</p>
            ) : (
              <PaymentMethodForm
                form={gift.paymentForm}
                stripePublishableKey={stripePublishableKey}
                start={async () => {
                  const r = await call<{ clientSecret: string | null }>("POST", {});
                  return r.ok ? r.data : { error: r.message };
                }}
                save={async (method: PaymentMethodInput) => change("payment", { action: "payment_method", method }, (g) => `Saved. Your gift now uses: ${g.paymentMethodLabel}.`)}
              />
            )}
          </Section>

          <Section title="Cancel">
            <Modal
              open={confirmCancel}
              onOpenChange={setConfirmCancel}
              trigger={<Button variant="danger">Cancel this monthly gift</Button>}
              title="Cancel this monthly gift?"
              description={`No further charges of ${formatCents(gift.amountCents)} to ${gift.organizationName}. Past gifts and receipts stay as they are.`}
              footer={
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="outline" onClick={() => setConfirmCancel(false)}>
                    Keep my gift
                  </Button>
                  <Button
                    variant="danger"
                    loading={busy === "cancel"}
                    onClick={async () => {
                      setBusy("cancel");
                      const r = await call<ManagedRecurringGift>("DELETE", { confirm: true });
                      setBusy(null);
                      setConfirmCancel(false);
                      if (r.ok) {
                        setGift(r.data);
                        setNotice(messages.recurringManage.canceled);
                      } else setErrors({ cancel: r.message });
                    }}
                  >
                    Yes, cancel it
                  </Button>
                </div>
              }
            />
            {errors.cancel ? <Alert variant="error" className="mt-2">{errors.cancel}</Alert> : null}
          </Section>
        </>
      ) : (
        <Alert variant="info">{messages.recurringManage.canceled}</Alert>
      )}

      <Section title="Past charges">
        {gift.charges.length === 0 ? (
          <p className="text-sm text-ink-muted">No charges yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="past-charges">
            {gift.charges.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {dateFmt(c.createdAt)} · {formatCents(c.amountCents)} · {displayDonationStatus(c.status)}
                </span>
                {c.receiptUrl ? (
                  <a className="font-medium text-brand-700 underline" href={c.receiptUrl}>
                    Receipt (PDF)
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-slate-200 bg-white p-5" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium text-ink">{children}</dd>
    </div>
  );
}
