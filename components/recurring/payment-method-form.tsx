"use client";

import { useState } from "react";
import { SandboxCardFields, type CardValue } from "@/components/payments/sandbox-card-fields";
import { StripeSetupForm } from "@/components/payments/stripe-setup-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { messages } from "@/lib/validations/messages";
import type { PaymentMethodInput } from "@/lib/validations/recurring";

type Props = {
  /** "stripe": Stripe's card form on a SetupIntent; "sandbox": the test-card form. */
  form: "stripe" | "sandbox";
  stripePublishableKey: string | null;
  /** POST that starts the update; returns the SetupIntent's client secret (Stripe) or an error message. */
  start: () => Promise<{ clientSecret: string | null } | { error: string }>;
  /** PUT the new method; returns null when saved, else the error message and per-field errors. */
  save: (method: PaymentMethodInput) => Promise<{ message: string; fields?: Record<string, string> } | null>;
};

/** A new payment method for one or all recurring gifts: the sandbox test-card form, or Stripe's. */
export function PaymentMethodForm({ form, stripePublishableKey, start, save }: Props) {
  const [card, setCard] = useState<CardValue>({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  if (form === "stripe") {
    if (!stripePublishableKey) return <Alert variant="warning">{messages.donation.stripeJsMissing}</Alert>;
    if (!clientSecret) {
      return (
        <div className="space-y-2">
          <Button
            variant="outline"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              const r = await start();
              setBusy(false);
              if ("error" in r) setError(r.error);
              else setClientSecret(r.clientSecret);
            }}
          >
            Enter a new card
          </Button>
          {error ? <Alert variant="error">{error}</Alert> : null}
        </div>
      );
    }
    return (
      <div className="space-y-2">
        <StripeSetupForm
          publishableKey={stripePublishableKey}
          clientSecret={clientSecret}
          onSaved={async (setupIntentId) => {
            const r = await save({ setupIntentId });
            setError(r?.message ?? null);
          }}
        />
        {error ? <Alert variant="error">{error}</Alert> : null}
      </div>
    );
  }

  return (
    <form method="post"
      className="space-y-3"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        setErrors({});
        try {
          const r = await save({ card });
          if (r) {
            setError(r.message);
            setErrors(r.fields ?? {});
          } else setCard({ number: "", expiry: "", cvc: "" });
        } finally {
          setBusy(false);
        }
      }}
    >
      <SandboxCardFields value={card} onChange={setCard} errors={Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^method\./, ""), v]))} />
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button type="submit" loading={busy}>
        Save card
      </Button>
    </form>
  );
}
