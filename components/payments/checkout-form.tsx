"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import type { CheckoutFlow } from "@/lib/embed/paths";
import { formatCents } from "@/lib/money";
import { feesFor } from "@/lib/payments/fees";
import { cardFieldErrors, guestSchema, type ShareChoices } from "@/lib/validations/donation";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { DuplicateMonthlyConfirm } from "./duplicate-monthly-confirm";
import { PaymentTrustNote } from "./payment-trust-note";
import { AmountFields, useDonationAmount } from "./checkout-amount-fields";
import { DonorFields } from "./checkout-donor-fields";
import { CheckoutErrorSummary } from "./checkout-error-summary";
import { CheckoutPaymentFields, paymentModeOf } from "./checkout-payment-fields";
import { useCheckoutSubmission, type CheckoutValues } from "./use-checkout-submission";

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

/**
 * The checkout form: amount, frequency, fees, donor, sharing choices and payment, posted to
 * the createPaymentIntent* calls with one idempotency key per attempt and, for guests, the
 * solved checkout challenge (useCheckoutSubmission). Used by the site's checkout page and the
 * embeddable donate form (`flow`), which differ only in where the result is shown
 * (lib/embed/paths.ts).
 */
export function CheckoutForm({ organizationId, organizationName, campaignId, donor, shareDefaults, maxCents, provider, stripePublishableKey = null, prefill = null, flow = "site" }: Props) {
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
  const mode = paymentModeOf(provider, stripePublishableKey);
  const submission = useCheckoutSubmission({ organizationId, campaignId, signedIn: Boolean(donor), provider, stripeForm: mode === "stripe", flow });
  const { errors } = submission;

  const fees = amountCents && !amountError ? feesFor(amountCents, method, coverFees) : null;
  const values = (): CheckoutValues => ({ amountCents, coverFees, frequency, name, email, anonymous, share, method, card });

  function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (amountCents === null) local.amountCents = messages.donation.amountRequired;
    else if (amountError) local.amountCents = amountError;
    // The server's own rules: guestSchema for a guest's name and email, cardSchema for the test card.
    if (!donor) {
      const guest = guestSchema.safeParse({ name, email });
      if (!guest.success) Object.assign(local, zodFieldErrors(guest.error, topField));
    }
    if (method === "card" && provider === "sandbox") Object.assign(local, cardFieldErrors(card));
    void submission.submit(values(), local);
  }

  const toggle = (k: keyof ShareChoices) => setShare((s) => ({ ...s, [k]: !s[k] }));

  return (
    <form onSubmit={submit} noValidate className={flow === "embed" ? "space-y-6" : "space-y-8"} aria-label={`Donate to ${organizationName}`}>
      {submission.challengeElement}
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

      <CheckoutPaymentFields
        mode={mode}
        stripePublishableKey={stripePublishableKey}
        chargeCents={fees?.chargeCents ?? 100}
        monthly={frequency === "month"}
        method={method}
        onMethod={setMethod}
        card={card}
        onCard={setCard}
        errors={errors}
        bridgeRef={submission.bridge}
        onExpressConfirm={(e) => void submission.expressConfirm(e, values(), amountError)}
        askEmail={!donor}
      />

      {submission.duplicate ? <DuplicateMonthlyConfirm message={submission.duplicate} onConfirm={submission.confirmDuplicate} onDismiss={submission.dismissDuplicate} /> : null}

      <CheckoutErrorSummary formError={submission.formError} errors={errors} alertRef={submission.alertRef} />

      <div className="space-y-3">
        <Button type="submit" size="lg" fullWidth loading={submission.busy} loadingLabel="Processing your donation..." disabled={mode === "unavailable"}>
          {fees ? `Donate ${formatCents(fees.chargeCents)}${frequency === "month" ? " monthly" : ""}` : "Donate"}
        </Button>
        {mode === "unavailable" ? null : <PaymentTrustNote provider={provider} flow={flow} />}
      </div>
    </form>
  );
}
