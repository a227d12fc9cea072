"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import type { StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RadioButtonGroup } from "@/components/ui/radio-group";
import { donationResultPath, type CheckoutFlow } from "@/lib/embed/paths";
import { formatCents } from "@/lib/money";
import { feesFor } from "@/lib/payments/fees";
import { cardFieldErrors, guestSchema, type ShareChoices } from "@/lib/validations/donation";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { useCheckoutChallenge } from "./checkout-challenge";
import { DuplicateMonthlyConfirm } from "./duplicate-monthly-confirm";
import { PaymentTrustNote } from "./payment-trust-note";
import { SandboxCardFields } from "./sandbox-card-fields";
import { AmountFields, choiceClasses, useDonationAmount } from "./checkout-amount-fields";
import { DonorFields } from "./checkout-donor-fields";
import { StripeElementsProvider, StripePaymentFields, type StripeBridge } from "./stripe-payment";
import { requestJson } from "@/lib/client/request";

type Props = {
  organizationId: string;
  organizationName: string;
  campaignId: string | null;
  donor: { name: string; email: string } | null;
  shareDefaults: ShareChoices;
  maxCents: number;
  provider: "sandbox" | "stripe" | "paypal";
  /** Stripe's publishable key: with the stripe provider, Stripe's payment form is used. */
  stripePublishableKey?: string | null;
  /** A pledge's amount and email, from the link emailed when the organization connected payouts. */
  prefill?: { amountCents: number; email: string } | null;
  /** "embed": the form runs inside the embeddable donate form, and every result page is an /embed/ page. */
  flow?: CheckoutFlow;
};

type Result = { donationId: string; accessToken: string; status: string; failureReason: string | null; clientSecret: string | null };

const METHODS = [
  { value: "card", label: "Card" },
  { value: "us_bank_account", label: "Bank account (ACH)" },
] as const;


/**
 * A fresh idempotency key. crypto.randomUUID exists only in secure contexts; an embedded form
 * on an http host page is not one, so fall back to 16 random bytes as hex.
 */
const newKey = () =>
  typeof crypto.randomUUID === "function" ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The checkout form: amount, frequency, fees, donor, sharing choices and payment, posted to
 * the createPaymentIntent* calls with one idempotency key per attempt and, for guests, the
 * solved checkout challenge. Used by the site's checkout page and the embeddable donate form
 * (`flow`), which differ only in where the result is shown (lib/embed/paths.ts).
 */
export function CheckoutForm({ organizationId, organizationName, campaignId, donor, shareDefaults, maxCents, provider, stripePublishableKey = null, prefill = null, flow = "site" }: Props) {
  const router = useRouter();
  const amount = useDonationAmount(prefill?.amountCents ?? null, maxCents);
  const { amountCents, error: amountError } = amount;
  const [frequency, setFrequency] = useState<"once" | "month">("once");
  const [coverFees, setCoverFees] = useState(false);
  const [name, setName] = useState("");
  const [email, setEmail] = useState(prefill?.email ?? "");
  const [anonymous, setAnonymous] = useState(false);
  const [share, setShare] = useState<ShareChoices>(shareDefaults);
  const [method, setMethod] = useState<"card" | "us_bank_account">("card");
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Each error shown moves focus to the message (a counter, so the same message twice moves it again).
  const [errorShown, setErrorShown] = useState(0);
  const alertRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  // A monthly gift like an active one: the server asks first (409), the donor confirms.
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const confirmDuplicate = useRef(false);
  const stripeForm = provider === "stripe" && Boolean(stripePublishableKey);
  const bridge = useRef<StripeBridge | null>(null);
  const challenge = useCheckoutChallenge(!donor);

  useEffect(() => {
    if (errorShown > 0) alertRef.current?.focus();
  }, [errorShown]);

  /** Show why the donation did not go through and move focus to it. */
  function showError(message: string) {
    setFormError(message);
    setErrorShown((n) => n + 1);
  }

  const fees = amountCents && !amountError ? feesFor(amountCents, method, coverFees) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const local: Record<string, string> = {};
    if (amountCents === null) local.amountCents = messages.donation.amountRequired;
    else if (amountError) local.amountCents = amountError;
    // The server's own rules: guestSchema for a guest's name and email, cardSchema for the test card.
    if (!donor) {
      const guest = guestSchema.safeParse({ name, email });
      if (!guest.success) Object.assign(local, zodFieldErrors(guest.error, topField));
    }
    if (method === "card" && provider === "sandbox") Object.assign(local, cardFieldErrors(card));
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setErrorShown((n) => n + 1);
      return;
    }
    const stripeParts = stripeForm ? bridge.current : null;
    if (stripeForm && !stripeParts) {
      showError(messages.recurringGifts.stripeFormFailed);
      return;
    }
    setBusy(true);
    try {
      if (stripeParts) {
        // Stripe validates its own fields first (and must be asked before any other async work).
        const { error } = await stripeParts.elements.submit();
        if (error) {
          showError(error.message ?? messages.donation.declined);
          return;
        }
      }
      const body = await createIntent(method === "card" ? "/api/createPaymentIntent" : "/api/createPaymentIntentACH", { name, email });
      if (!body) return;
      if (stripeParts && body.clientSecret) {
        await confirmWithStripe(stripeParts, body.clientSecret, donationResultPath(flow, "complete", body.donationId, body.accessToken));
        return;
      }
      if (body.status === "succeeded") router.push(donationResultPath(flow, "thanks", body.donationId, body.accessToken));
      else if (body.status === "failed") {
        showError(body.failureReason ?? messages.donation.declined);
        setIdempotencyKey(newKey());
      } else router.push(donationResultPath(flow, "complete", body.donationId, body.accessToken));
    } finally {
      setBusy(false);
    }
  }

  /** POST the checkout; returns the result, or null after showing the error. */
  async function createIntent(endpoint: string, guest: { name: string; email: string }): Promise<Result | null> {
    try {
      const altcha = donor ? null : await challenge.take();
      const res = await requestJson<Result>(endpoint, {
        method: "POST",
        body: {
          idempotencyKey,
          organizationId,
          campaignId,
          amountCents,
          coverFees,
          frequency,
          name: donor ? "" : guest.name,
          email: donor ? "" : guest.email,
          anonymous,
          share,
          ...(method === "card" && provider === "sandbox" ? { card } : {}),
          ...(altcha ? { altcha } : {}),
          ...(confirmDuplicate.current ? { confirmDuplicate: true } : {}),
        },
      });
      if (!res.ok) {
        if (res.status === 409 && res.fields.confirmDuplicate) {
          setDuplicate(res.fields.confirmDuplicate);
          return null;
        }
        if (Object.keys(res.fields).length > 0) setErrors(res.fields);
        showError(res.message);
        // The server refused this attempt outright: the next one is a new checkout. Without an
        // answer (status 0) the key is kept so a retry cannot charge twice.
        if (res.status >= 400 && res.status < 500) setIdempotencyKey(newKey());
        return null;
      }
      return res.data;
    } catch {
      // The challenge could not be solved: keep the key so a retry cannot charge twice.
      showError(messages.generic.server);
      return null;
    }
  }

  /**
   * Confirm the PaymentIntent in Stripe's iframe; Stripe then redirects to `returnPath` (after
   * 3-D Secure or bank verification when needed). Returns only when the payment was refused.
   */
  async function confirmWithStripe(parts: StripeBridge, clientSecret: string, returnPath: string) {
    const { error } = await parts.stripe.confirmPayment({
      elements: parts.elements,
      clientSecret,
      confirmParams: { return_url: `${window.location.origin}${returnPath}` },
    });
    // The payment was refused: this donation is recorded as failed, a new attempt is a new one.
    showError(error.message ?? messages.donation.declined);
    setIdempotencyKey(newKey());
  }

  /** Apple Pay / Google Pay authorized in the Express Checkout sheet. */
  async function expressConfirm(event: StripeExpressCheckoutElementConfirmEvent) {
    const parts = bridge.current;
    setFormError(null);
    if (!parts || amountCents === null || amountError) {
      if (amountCents === null || amountError) setErrors({ amountCents: amountError ?? messages.donation.amountRequired });
      event.paymentFailed({ reason: "fail" });
      return;
    }
    setBusy(true);
    try {
      const { error } = await parts.elements.submit();
      if (error) {
        showError(error.message ?? messages.donation.declined);
        event.paymentFailed({ reason: "fail" });
        return;
      }
      const body = await createIntent("/api/createPaymentIntentGoogle", {
        name: name.trim() || event.billingDetails?.name || "",
        email: email.trim() || event.billingDetails?.email || "",
      });
      if (!body?.clientSecret) {
        event.paymentFailed({ reason: "fail" });
        return;
      }
      await confirmWithStripe(parts, body.clientSecret, donationResultPath(flow, "wallet", body.donationId, body.accessToken));
    } finally {
      setBusy(false);
    }
  }

  const fieldErrors = [...new Set(Object.values(errors))];
  const toggle = (k: keyof ShareChoices) => setShare((s) => ({ ...s, [k]: !s[k] }));
  const stripeUnavailable = provider !== "sandbox" && !stripeForm;

  return (
    <form onSubmit={submit} noValidate className={flow === "embed" ? "space-y-6" : "space-y-8"} aria-label={`Donate to ${organizationName}`}>
      {challenge.element}
      <AmountFields
        amount={amount}
        serverError={errors.amountCents}
        frequency={frequency}
        onFrequency={setFrequency}
        coverFees={coverFees}
        onCoverFees={setCoverFees}
        fees={fees}
      />

      <DonorFields
        donor={donor}
        organizationName={organizationName}
        name={name}
        onName={setName}
        email={email}
        onEmail={setEmail}
        errors={errors}
        anonymous={anonymous}
        onAnonymous={setAnonymous}
        share={share}
        onToggleShare={toggle}
      />

      <fieldset>
        <legend className="text-lg font-bold">Payment</legend>
        {stripeForm ? null : <RadioButtonGroup label="Payment method" options={METHODS} value={method} onChange={setMethod} className="mt-3 flex gap-2" optionClassName={choiceClasses} />}
        {stripeForm && stripePublishableKey ? (
          <StripeElementsProvider publishableKey={stripePublishableKey} chargeCents={fees?.chargeCents ?? 100} monthly={frequency === "month"}>
            <StripePaymentFields bridgeRef={bridge} onMethodChange={setMethod} onExpressConfirm={(e) => void expressConfirm(e)} askEmail={!donor} />
          </StripeElementsProvider>
        ) : stripeUnavailable ? (
          <Alert variant="warning" className="mt-4">
            {messages.donation.stripeJsMissing}
          </Alert>
        ) : method === "card" ? (
          <SandboxCardFields value={card} onChange={setCard} errors={errors} className="mt-4" />
        ) : (
          <p className="mt-4 text-sm text-ink-muted">Bank payments take a few business days to settle. Your gift shows as Processing until then.</p>
        )}
      </fieldset>

      {duplicate ? <DuplicateMonthlyConfirm message={duplicate} onConfirm={() => (confirmDuplicate.current = true)} onDismiss={() => setDuplicate(null)} /> : null}

      {formError ? (
        <Alert variant="error" title="Your donation did not go through" focusRef={alertRef}>
          <span data-testid="checkout-error">{formError}</span>
        </Alert>
      ) : fieldErrors.length > 0 ? (
        <Alert variant="error" title={messages.donation.checkFields} focusRef={alertRef}>
          <ul className="list-disc pl-5" data-testid="checkout-field-errors">
            {fieldErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <div className="space-y-3">
        <Button type="submit" size="lg" fullWidth loading={busy} loadingLabel="Processing your donation..." disabled={stripeUnavailable}>
          {fees ? `Donate ${formatCents(fees.chargeCents)}${frequency === "month" ? " monthly" : ""}` : "Donate"}
        </Button>
        {stripeUnavailable ? null : <PaymentTrustNote provider={provider} flow={flow} />}
      </div>
    </form>
  );
}
