"use client";

/**
 * The checkout's submission state machine: field errors and the form error (focus moves to
 * the message each time one is shown), the busy flag, one idempotency key per attempt, the
 * guest's challenge, the duplicate-monthly-gift question (409), the createPaymentIntent* call
 * and, with Stripe's form, the confirmation in Stripe's iframe. The form validates its own
 * fields first and hands the result over; everything after that happens here.
 */
import { useEffect, useRef, useState } from "react";
import type { StripeExpressCheckoutElementConfirmEvent } from "@stripe/stripe-js";
import { useRouter } from "next/navigation";
import { requestJson } from "@/lib/client/request";
import { donationResultPath, type CheckoutFlow } from "@/lib/embed/paths";
import { checkoutRequestBody } from "@/lib/validations/checkout-request";
import type { CheckoutFormValues } from "@/lib/validations/donation";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";
import { sendWithChallenge, useCheckoutChallenge } from "./checkout-challenge";
import type { StripeBridge } from "./stripe-payment";

/** What the donor chose: the form's values and the amount in integer cents (null while none is typed). */
export type CheckoutValues = CheckoutFormValues & { amountCents: number | null };

type Result = { donationId: string; accessToken: string; status: string; failureReason: string | null; clientSecret: string | null };

/**
 * A fresh idempotency key. crypto.randomUUID exists only in secure contexts; an embedded form
 * on an http host page is not one, so fall back to 16 random bytes as hex.
 */
const newKey = () =>
  typeof crypto.randomUUID === "function" ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * @param options.signedIn a signed-in donor: the challenge only when the server asks for it
 *   (sendWithChallenge), and the server takes name and email from the session.
 * @param options.supporterPageId the supporter page of the fundraiser the gift is made on (peer-to-peer), or null.
 * @param options.stripeForm Stripe's payment form collects the payment (the form fills in `bridge`).
 */
export function useCheckoutSubmission(options: { organizationId: string; fundraiserId: string | null; supporterPageId?: string | null; signedIn: boolean; provider: "sandbox" | "stripe" | "paypal"; stripeForm: boolean; flow: CheckoutFlow }) {
  const { organizationId, fundraiserId, supporterPageId = null, signedIn, provider, stripeForm, flow } = options;
  const router = useRouter();
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
  const bridge = useRef<StripeBridge | null>(null);
  const challenge = useCheckoutChallenge(true);

  useEffect(() => {
    if (errorShown > 0) alertRef.current?.focus();
  }, [errorShown]);

  /** Show why the donation did not go through and move focus to it. */
  function showError(message: string) {
    setFormError(message);
    setErrorShown((n) => n + 1);
  }

  /** POST the checkout of `amountCents` (integer cents); returns the result, or null after showing the error. */
  async function createIntent(endpoint: string, v: CheckoutFormValues, amountCents: number): Promise<Result | null> {
    try {
      const res = await sendWithChallenge(challenge, signedIn, (altcha) => requestJson<Result>(endpoint, {
        method: "POST",
        body: checkoutRequestBody(v, { idempotencyKey, organizationId, fundraiserId, supporterPageId, amountCents, signedIn, sandbox: provider === "sandbox", altcha, confirmDuplicate: confirmDuplicate.current }),
      }));
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

  /**
   * The form's submit: `fieldErrors` are what the form's own check found (keyed by field path);
   * any of them stops here and is shown. Otherwise the gift is posted, confirmed with Stripe
   * when its form is used, and the donor taken to the result page.
   */
  async function submit(v: CheckoutValues, fieldErrors: Record<string, string>) {
    const { amountCents, ...values } = v;
    setFormError(null);
    // No amount is a field error even if the form did not report it.
    setErrors(amountCents === null ? { amountCents: messages.donation.amountRequired, ...fieldErrors } : fieldErrors);
    if (amountCents === null || Object.keys(fieldErrors).length > 0) {
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
      const body = await createIntent(values.method === "card" ? "/api/createPaymentIntent" : "/api/createPaymentIntentACH", values, amountCents);
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

  /**
   * Apple Pay / Google Pay authorized in the Express Checkout sheet; the sheet's billing name
   * and email stand in for fields the guest left empty.
   * @param amountError why the typed amount cannot be given, or null.
   */
  async function expressConfirm(event: StripeExpressCheckoutElementConfirmEvent, v: CheckoutValues, amountError: string | null) {
    const { amountCents, ...values } = v;
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
      const body = await createIntent(
        "/api/createPaymentIntentGoogle",
        { ...values, name: values.name.trim() || event.billingDetails?.name || "", email: values.email.trim() || event.billingDetails?.email || "" },
        amountCents,
      );
      if (!body?.clientSecret) {
        event.paymentFailed({ reason: "fail" });
        return;
      }
      await confirmWithStripe(parts, body.clientSecret, donationResultPath(flow, "wallet", body.donationId, body.accessToken));
    } finally {
      setBusy(false);
    }
  }

  return {
    /** Field messages keyed by field path (name, email, amountCents, card.number, ...). */
    errors,
    formError,
    /** Attach to the message shown for errors: focus moves there. */
    alertRef,
    busy,
    /** The server's duplicate-monthly-gift question, or null. */
    duplicate,
    confirmDuplicate: () => {
      confirmDuplicate.current = true;
    },
    dismissDuplicate: () => setDuplicate(null),
    /** Filled in by Stripe's form once it is ready. */
    bridge,
    /** The invisible challenge widget (render it in the form). */
    challengeElement: challenge.element,
    submit,
    expressConfirm,
  };
}
