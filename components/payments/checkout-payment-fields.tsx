"use client";

/**
 * The checkout's "Payment" section, per provider: Stripe's own form (card, bank account and
 * the wallets, in Stripe's iframes), the sandbox's test card or the bank-account note, or a
 * warning when the configured provider has no form here.
 */
import dynamic from "next/dynamic";
import type { MutableRefObject } from "react";
import type { StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
import { Alert } from "@/components/ui/alert";
import { RadioButtonGroup } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";
import { choiceClasses } from "./checkout-amount-fields";
import { SandboxCardFields, type CardValue } from "./sandbox-card-fields";
import type { StripeBridge } from "./stripe-payment";

/**
 * Stripe's form (React Stripe.js and the Stripe.js loader) in its own chunk, loaded only where
 * the Stripe provider is active: the sandbox's and PayPal's checkouts never download it. Its
 * fields live in Stripe's iframes, which mount in the browser only, so nothing of it is
 * rendered on the server; until the chunk arrives the same spinner as Stripe's own loading
 * state holds its place.
 */
const StripeCheckoutFields = dynamic(() => import("./stripe-payment").then((m) => m.StripeCheckoutFields), {
  ssr: false,
  loading: () => (
    <div className="mt-4">
      <Spinner size="sm" label={messages.recurringGifts.stripeFormLoading} />
    </div>
  ),
});

const METHODS = [
  { value: "card", label: "Card" },
  { value: "us_bank_account", label: "Bank account (ACH)" },
] as const;

/** How the payment is taken: Stripe's form, the sandbox's own fields, or not at all (no form for the provider). */
export type PaymentMode = "stripe" | "sandbox" | "unavailable";

/** The payment mode for the active provider; Stripe's form needs its publishable key. */
export function paymentModeOf(provider: "sandbox" | "stripe" | "paypal", stripePublishableKey: string | null): PaymentMode {
  if (provider === "stripe" && stripePublishableKey) return "stripe";
  return provider === "sandbox" ? "sandbox" : "unavailable";
}

/** The payment fieldset; `errors` are field messages keyed by path (card.number, ...). */
export function CheckoutPaymentFields({
  mode,
  stripePublishableKey,
  chargeCents,
  monthly,
  method,
  onMethod,
  card,
  onCard,
  errors,
  bridgeRef,
  onExpressConfirm,
  askEmail,
}: {
  mode: PaymentMode;
  stripePublishableKey: string | null;
  /** What the donor will be charged, in cents (Stripe's wallet sheets show it). */
  chargeCents: number;
  monthly: boolean;
  method: "card" | "us_bank_account";
  onMethod: (method: "card" | "us_bank_account") => void;
  card: CardValue;
  onCard: (card: CardValue) => void;
  errors: Record<string, string>;
  bridgeRef: MutableRefObject<StripeBridge | null>;
  onExpressConfirm: (event: StripeExpressCheckoutElementConfirmEvent) => void;
  /** A guest: Stripe's form asks for the email too. */
  askEmail: boolean;
}) {
  return (
    <fieldset>
      <legend className="text-lg font-bold">Payment</legend>
      {mode === "stripe" ? null : <RadioButtonGroup label="Payment method" options={METHODS} value={method} onChange={onMethod} className="mt-3 flex gap-2" optionClassName={choiceClasses} />}
      {mode === "stripe" && stripePublishableKey ? (
        <StripeCheckoutFields
          publishableKey={stripePublishableKey}
          chargeCents={chargeCents}
          monthly={monthly}
          bridgeRef={bridgeRef}
          onMethodChange={onMethod}
          onExpressConfirm={onExpressConfirm}
          askEmail={askEmail}
        />
      ) : mode === "unavailable" ? (
        <Alert variant="warning" className="mt-4">
          {messages.donation.stripeJsMissing}
        </Alert>
      ) : method === "card" ? (
        <SandboxCardFields value={card} onChange={onCard} errors={errors} className="mt-4" />
      ) : (
        <p className="mt-4 text-sm text-ink-muted">Bank payments take a few business days to settle. Your gift shows as Processing until then.</p>
      )}
    </fieldset>
  );
}
