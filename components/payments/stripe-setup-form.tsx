"use client";

/**
 * Stripe's card form for saving a new payment method without charging (a SetupIntent made by
 * the server for off-session use): the Payment Element in Stripe's iframe, confirmed with
 * stripe.confirmSetup; card details never touch our server. Calls `onSaved` with the
 * SetupIntent id, which the server checks with Stripe before using it.
 */
import { useMemo, useState, type FormEvent } from "react";
// The pure entry loads Stripe.js only when loadStripe is called, never on import.
import { loadStripe } from "@stripe/stripe-js/pure";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";

export function StripeSetupForm({ publishableKey, clientSecret, onSaved }: { publishableKey: string; clientSecret: string; onSaved: (setupIntentId: string) => Promise<void> }) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <SetupFields onSaved={onSaved} />
    </Elements>
  );
}

function SetupFields({ onSaved }: { onSaved: (setupIntentId: string) => Promise<void> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmSetup({ elements, redirect: "if_required", confirmParams: { return_url: window.location.href } });
      if (result.error) setError(result.error.message ?? messages.recurringManage.cardRefused);
      else await onSaved(result.setupIntent.id);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-3">
      {!stripe ? <p className="text-sm text-ink-muted">{messages.recurringGifts.stripeFormLoading}</p> : null}
      <PaymentElement />
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button type="submit" loading={busy} disabled={!stripe}>
        Save card
      </Button>
    </form>
  );
}
