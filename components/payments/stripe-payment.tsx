"use client";

/**
 * Stripe's payment form for the checkout: the Payment Element (card and US bank account) and
 * the Express Checkout Element (Apple Pay / Google Pay), both in Stripe's iframes, so card and
 * bank details never touch our server. The Elements group is created before the
 * PaymentIntent (deferred intent): on submit the form calls elements.submit(), then our
 * createPaymentIntent* call, then stripe.confirmPayment with the intent's client secret and a
 * return_url to the flow's result page (lib/embed/paths.ts: /complete-donation or
 * /complete-donation-google-apple on the site, /embed/complete inside the embedded form).
 */
import { useEffect, useMemo, useState, type MutableRefObject, type ReactNode } from "react";
import type { Stripe, StripeElements, StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
// The pure entry loads Stripe.js only when loadStripe is called (Stripe configured), never on import.
import { loadStripe } from "@stripe/stripe-js/pure";
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";

const loaders = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per publishable key for the page's lifetime. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let loader = loaders.get(publishableKey);
  if (!loader) {
    loader = loadStripe(publishableKey);
    loaders.set(publishableKey, loader);
  }
  return loader;
}

/** What the checkout form needs from inside the Elements group. */
export type StripeBridge = { stripe: Stripe; elements: StripeElements };

type ProviderProps = {
  publishableKey: string;
  /** What the donor will be charged, in cents (shown in the wallet sheets). */
  chargeCents: number;
  /** A monthly gift: the payment method is saved for later off-session charges. */
  monthly: boolean;
  children: ReactNode;
};

/** The Elements group around the checkout form (deferred intent, mode "payment", USD). */
export function StripeElementsProvider({ publishableKey, chargeCents, monthly, children }: ProviderProps) {
  const stripePromise = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripePromise}
      options={{
        mode: "payment",
        amount: Math.max(chargeCents, 100),
        currency: "usd",
        allowedPaymentMethodTypes: ["card", "us_bank_account"],
        setupFutureUsage: monthly ? "off_session" : null,
      }}
    >
      {children}
    </Elements>
  );
}

type FieldsProps = {
  /** Filled with Stripe.js and the Elements group once they are ready. */
  bridgeRef: MutableRefObject<StripeBridge | null>;
  /** The method picked in the Payment Element's tabs. */
  onMethodChange: (method: "card" | "us_bank_account") => void;
  /** A wallet payment was authorized in the Express Checkout sheet. */
  onExpressConfirm: (event: StripeExpressCheckoutElementConfirmEvent) => void;
  /** Ask the wallet sheet for the donor's email (guests). */
  askEmail: boolean;
};

/** The Express Checkout Element and the Payment Element, with loading and error states. */
export function StripePaymentFields({ bridgeRef, onMethodChange, onExpressConfirm, askEmail }: FieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [walletsShown, setWalletsShown] = useState(false);

  useEffect(() => {
    bridgeRef.current = stripe && elements ? { stripe, elements } : null;
  }, [bridgeRef, stripe, elements]);

  return (
    <div className="mt-4 space-y-4">
      {!ready && !loadError ? <Spinner size="sm" label={messages.recurringGifts.stripeFormLoading} /> : null}
      <div aria-live="polite">{loadError ? <Alert variant="error">{messages.recurringGifts.stripeFormFailed}</Alert> : null}</div>
      <div className={walletsShown ? "" : "hidden"}>
        <ExpressCheckoutElement
          options={{ buttonType: { applePay: "donate", googlePay: "donate" } }}
          onReady={({ availablePaymentMethods }) => setWalletsShown(Boolean(availablePaymentMethods))}
          onClick={(event) => event.resolve({ emailRequired: askEmail })}
          onConfirm={onExpressConfirm}
        />
        <p className="mt-3 text-center text-sm text-ink-muted">or pay by card or bank account</p>
      </div>
      <PaymentElement
        options={{ layout: "tabs" }}
        onReady={() => setReady(true)}
        onLoadError={() => setLoadError(true)}
        onChange={(event) => onMethodChange(event.value.type === "us_bank_account" ? "us_bank_account" : "card")}
      />
    </div>
  );
}

/** The Elements group and its fields together: the one entry the checkout loads on demand. */
export function StripeCheckoutFields({ publishableKey, chargeCents, monthly, ...fields }: Omit<ProviderProps, "children"> & FieldsProps) {
  return (
    <StripeElementsProvider publishableKey={publishableKey} chargeCents={chargeCents} monthly={monthly}>
      <StripePaymentFields {...fields} />
    </StripeElementsProvider>
  );
}
