"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { PaymentMethodForm } from "@/components/recurring/payment-method-form";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { formatCents } from "@/lib/money";
import type { PaymentMethodInput } from "@/lib/validations/recurring";
import { requestJson } from "@/lib/client/request";

type Gift = { id: string; organization: string; fundraiser: string; amountCents: number; status: "active" | "canceled"; nextChargeAt: string | null; createdAt: string };

const dateFmt = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * The donor's recurring gifts: each opens its manage page (/recurring/{id}: amount, day, skip,
 * pause, card, cancel with confirmation), plus one new card for all active gifts in one step.
 */
export function RecurringGifts({ gifts, paymentForm, stripePublishableKey }: { gifts: Gift[]; paymentForm: "stripe" | "sandbox"; stripePublishableKey: string | null }) {
  const router = useRouter();
  const [saved, setSaved] = useState<string | null>(null);
  if (gifts.length === 0) return null;
  const active = gifts.filter((g) => g.status === "active");
  return (
    <section aria-labelledby="recurring-heading" className="mt-8">
      <h2 id="recurring-heading" className="text-lg font-semibold text-ink">
        Recurring gifts
      </h2>
      <ul className="mt-4 space-y-3">
        {gifts.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-slate-200 bg-white p-4">
            <div>
              <p className="font-semibold text-ink">
                {formatCents(g.amountCents)} monthly · {g.organization}
              </p>
              <p className="text-sm text-ink-muted">
                {g.fundraiser} · {g.status === "active" ? `Active${g.nextChargeAt ? ` · next charge ${dateFmt(g.nextChargeAt)}` : ""}` : "Canceled"}
              </p>
            </div>
            <LinkButton href={`/recurring/${g.id}`} variant="outline" size="sm" aria-label={`Manage your monthly gift to ${g.organization}`}>
              Manage
            </LinkButton>
          </li>
        ))}
      </ul>
      {active.length > 0 ? (
        <div className="mt-4 rounded-card border border-slate-200 bg-white p-4">
          <h3 className="font-semibold text-ink">Update the card on all my recurring gifts</h3>
          <p className="mb-3 text-sm text-ink-muted">The new card is used for the next charge of each of your {active.length} active monthly gifts.</p>
          <PaymentMethodForm
            form={paymentForm}
            stripePublishableKey={stripePublishableKey}
            start={async () => {
              const res = await requestJson<{ clientSecret: string | null }>("/api/donor/recurring/payment-method", { method: "POST" });
              return res.ok ? { clientSecret: res.data.clientSecret ?? null } : { error: res.message };
            }}
            save={async (method: PaymentMethodInput) => {
              setSaved(null);
              const res = await requestJson<{ updated: number; paymentMethodLabel: string }>("/api/donor/recurring/payment-method", { method: "PUT", body: { method } });
              if (!res.ok) return { message: res.message, fields: res.fields };
              const { updated, paymentMethodLabel } = res.data;
              setSaved(`${paymentMethodLabel} now pays ${updated} monthly gift${updated === 1 ? "" : "s"}.`);
              router.refresh();
              return null;
            }}
          />
          <div role="status" aria-live="polite">
            {saved ? <Alert variant="success" className="mt-3">{saved}</Alert> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
