"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { CheckoutFlow } from "@/lib/embed/paths";
import { formatCents } from "@/lib/money";
import { feesFor } from "@/lib/payments/fees";
import type { CheckoutFormValues, ShareChoices } from "@/lib/validations/donation";
import { NO_TRIBUTE } from "@/lib/validations/tribute-fields";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";
import { DuplicateMonthlyConfirm } from "./duplicate-monthly-confirm";
import { AmountFields, useDonationAmount } from "./checkout-amount-fields";
import { DonorFields } from "./checkout-donor-fields";
import { CheckoutErrorSummary } from "./checkout-error-summary";
import { CheckoutPaymentFields, paymentModeOf } from "./checkout-payment-fields";
import { TributeFields } from "./checkout-tribute-fields";
import { useCheckoutSubmission, type CheckoutValues } from "./use-checkout-submission";

type Props = {
  organizationId: string;
  organizationName: string;
  fundraiserId: string | null;
  /** The supporter page the gift is made on (peer-to-peer); null for the fundraiser's own page. */
  supporterPageId?: string | null;
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
  /** The line under the pay button (PaymentTrustNote), rendered on the server: its words never ship as code. */
  trustNote?: ReactNode;
  /**
   * The visitor's own part (`donor`, `shareDefaults`, `prefill`, `supporterPageId`) is on its way
   * (the donate page served from cache, ./checkout-visitor.tsx): the donor section says so and
   * the pay button waits. When it arrives it fills in only what the donor has not changed yet.
   */
  pending?: boolean;
};

/**
 * The form's field errors by the checkout schema (./checkout-field-check.ts, with zod), fetched the
 * first time the form validates. The form validates on submit only, so a donor filling in the
 * fields runs no schema code. When that code cannot be fetched (the connection dropped), the
 * gift is sent unchecked: the server checks the same schema and answers with the same messages.
 */
async function checkFields(options: { guest: boolean; sandbox: boolean }, values: CheckoutFormValues): Promise<Record<string, string>> {
  try {
    return (await import("./checkout-field-check")).checkoutFieldErrors(options, values);
  } catch {
    return {};
  }
}

/**
 * The checkout form: amount, frequency, fees, donor, sharing choices, an optional dedication
 * (checkout-tribute-fields.tsx) and payment, posted to
 * the createPaymentIntent* calls with one idempotency key per attempt and, for guests, the
 * solved checkout challenge (useCheckoutSubmission). Used by the site's checkout page and the
 * embeddable donate form (`flow`), which differ only in where the result is shown
 * (lib/embed/paths.ts).
 *
 * Its values are React state, not react-hook-form's like the site's other forms: every field
 * here is a controlled component of its own, so the library would only hold the values, and
 * its code (12.5 KB compressed) was what put the donate page over the first-load JavaScript
 * budget of 170 KB (docs/decisions/0012-checkout-form-without-a-form-library.md).
 */
export function CheckoutForm({ organizationId, organizationName, fundraiserId, supporterPageId = null, donor, shareDefaults, maxCents, provider, stripePublishableKey = null, prefill = null, flow = "site", trustNote = null, pending = false }: Props) {
  const amount = useDonationAmount(prefill?.amountCents ?? null, maxCents);
  const { amountCents, error: amountError } = amount;
  // The browser checks what the server would (checkoutFormSchema, derived from checkoutSchema); errors are shown together
  // with the amount's when the donor submits, and focus goes to their summary.
  const checkOptions = { guest: !donor, sandbox: provider === "sandbox" };
  const [form, setForm] = useState<CheckoutFormValues>(() => ({
    frequency: "once",
    coverFees: false,
    name: "",
    email: prefill?.email ?? "",
    anonymous: false,
    share: shareDefaults,
    method: "card",
    card: { number: "", expiry: "", cvc: "" },
    tribute: { ...NO_TRIBUTE },
  }));
  // The visitor's details arrived after the form was shown: take them where the donor changed nothing
  // (React's "adjusting state when a prop changes", during render).
  const [given, setGiven] = useState({ shareDefaults, prefill });
  if (given.shareDefaults !== shareDefaults || given.prefill !== prefill) {
    setGiven({ shareDefaults, prefill });
    setForm((current) => ({
      ...current,
      share: current.share === given.shareDefaults ? shareDefaults : current.share,
      email: prefill && current.email === "" ? prefill.email : current.email,
    }));
    if (prefill && !given.prefill && amount.untouched) amount.typeCustom((prefill.amountCents / 100).toFixed(2));
  }
  const setValue = <K extends keyof CheckoutFormValues>(field: K, value: CheckoutFormValues[K]) => setForm((current) => ({ ...current, [field]: value }));
  const { frequency, coverFees, name, email, anonymous, share, method, card, tribute } = form;
  const mode = paymentModeOf(provider, stripePublishableKey);
  const submission = useCheckoutSubmission({ organizationId, fundraiserId, supporterPageId, signedIn: Boolean(donor), provider, stripeForm: mode === "stripe", flow });
  const { errors } = submission;

  const fees = amountCents && !amountError ? feesFor(amountCents, method, coverFees) : null;
  // Every form value (the fields of checkoutSchema the donor fills in) and the typed amount.
  const values = (): CheckoutValues => ({ ...form, amountCents });

  /** The amount's own message (it is not a form field), first among the field errors. */
  const amountErrors = (): Record<string, string> =>
    amountCents === null ? { amountCents: messages.donation.amountRequired } : amountError ? { amountCents: amountError } : {};
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Who is giving is not known yet: a signed-in donor must not be charged as a guest.
    if (pending) return;
    const fieldErrors = await checkFields(checkOptions, form);
    await submission.submit(values(), { ...amountErrors(), ...fieldErrors });
  };

  const toggle = (k: keyof ShareChoices) => setValue("share", { ...share, [k]: !share[k] });

  return (
    <form method="post" onSubmit={(e) => void submit(e)} noValidate className={flow === "embed" ? "space-y-6" : "space-y-8"} aria-label={`Donate to ${organizationName}`}>
      {submission.challengeElement}
      <AmountFields
        amount={amount}
        serverError={errors.amountCents}
        frequency={frequency}
        onFrequency={(f) => setValue("frequency", f)}
        coverFees={coverFees}
        onCoverFees={(c) => setValue("coverFees", c)}
        fees={fees}
      />

      <DonorFields
        donor={donor}
        pending={pending}
        organizationName={organizationName}
        name={name}
        onName={(n) => setValue("name", n)}
        email={email}
        onEmail={(e) => setValue("email", e)}
        errors={errors}
        anonymous={anonymous}
        onAnonymous={(a) => setValue("anonymous", a)}
        share={share}
        onToggleShare={toggle}
      />

      <TributeFields tribute={tribute} onTribute={(t) => setValue("tribute", t)} errors={errors} />

      <CheckoutPaymentFields
        mode={mode}
        stripePublishableKey={stripePublishableKey}
        chargeCents={fees?.chargeCents ?? 100}
        monthly={frequency === "month"}
        method={method}
        onMethod={(m) => setValue("method", m)}
        card={card}
        onCard={(c) => setValue("card", c)}
        errors={errors}
        bridgeRef={submission.bridge}
        onExpressConfirm={(e) => void submission.expressConfirm(e, values(), amountError)}
        askEmail={!donor}
      />

      {submission.duplicate ? <DuplicateMonthlyConfirm message={submission.duplicate} onConfirm={submission.confirmDuplicate} onDismiss={submission.dismissDuplicate} /> : null}

      <CheckoutErrorSummary formError={submission.formError} errors={errors} alertRef={submission.alertRef} />

      <div className="space-y-3">
        <Button type="submit" size="lg" fullWidth loading={submission.busy} loadingLabel="Processing your donation..." disabled={mode === "unavailable" || pending}>
          {fees ? `Donate ${formatCents(fees.chargeCents)}${frequency === "month" ? " monthly" : ""}` : "Donate"}
        </Button>
        {mode === "unavailable" ? null : trustNote}
      </div>
    </form>
  );
}
