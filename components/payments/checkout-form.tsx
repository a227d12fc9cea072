"use client";

import { useMemo, type ReactNode } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import type { CheckoutFlow } from "@/lib/embed/paths";
import { formatCents } from "@/lib/money";
import { feesFor } from "@/lib/payments/fees";
import type { CheckoutFormValues, ShareChoices } from "@/lib/validations/donation";
import { NO_TRIBUTE } from "@/lib/validations/tribute-fields";
import { nestedFieldErrors } from "@/lib/validations/field-errors";
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
  campaignId: string | null;
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
};

/**
 * The checkout schema's resolver, fetched (./checkout-resolver.ts, with zod) the first time
 * the form validates, and kept. The form validates on submit only, so a donor filling in the
 * fields runs no schema code.
 */
function lazyCheckoutResolver(options: { guest: boolean; sandbox: boolean }): Resolver<CheckoutFormValues> {
  let loaded: Promise<Resolver<CheckoutFormValues>> | null = null;
  return async (values, context, resolverOptions) => {
    loaded ??= import("./checkout-resolver").then((m) => m.checkoutResolver(options));
    return (await loaded)(values, context, resolverOptions);
  };
}

/**
 * The checkout form: amount, frequency, fees, donor, sharing choices, an optional dedication
 * (checkout-tribute-fields.tsx) and payment, posted to
 * the createPaymentIntent* calls with one idempotency key per attempt and, for guests, the
 * solved checkout challenge (useCheckoutSubmission). Used by the site's checkout page and the
 * embeddable donate form (`flow`), which differ only in where the result is shown
 * (lib/embed/paths.ts).
 */
export function CheckoutForm({ organizationId, organizationName, campaignId, supporterPageId = null, donor, shareDefaults, maxCents, provider, stripePublishableKey = null, prefill = null, flow = "site", trustNote = null }: Props) {
  const amount = useDonationAmount(prefill?.amountCents ?? null, maxCents);
  const { amountCents, error: amountError } = amount;
  // The browser checks what the server would (checkoutFormSchema, derived from checkoutSchema); errors are shown together
  // with the amount's when the donor submits, and focus goes to their summary.
  const guest = !donor;
  const sandbox = provider === "sandbox";
  const resolver = useMemo(() => lazyCheckoutResolver({ guest, sandbox }), [guest, sandbox]);
  const form = useForm<CheckoutFormValues>({
    defaultValues: { frequency: "once", coverFees: false, name: "", email: prefill?.email ?? "", anonymous: false, share: shareDefaults, method: "card", card: { number: "", expiry: "", cvc: "" }, tribute: { ...NO_TRIBUTE } },
    resolver,
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { setValue } = form;
  const [frequency, coverFees, name, email, anonymous, share, method, card, tribute] = useWatch({
    control: form.control,
    name: ["frequency", "coverFees", "name", "email", "anonymous", "share", "method", "card", "tribute"],
  });
  const mode = paymentModeOf(provider, stripePublishableKey);
  const submission = useCheckoutSubmission({ organizationId, campaignId, supporterPageId, signedIn: Boolean(donor), provider, stripeForm: mode === "stripe", flow });
  const { errors } = submission;

  const fees = amountCents && !amountError ? feesFor(amountCents, method, coverFees) : null;
  // Every form value (the fields of checkoutSchema the donor fills in) and the typed amount.
  const values = (): CheckoutValues => ({ ...form.getValues(), amountCents });

  /** The amount's own message (it is not a form field), first among the field errors. */
  const amountErrors = (): Record<string, string> =>
    amountCents === null ? { amountCents: messages.donation.amountRequired } : amountError ? { amountCents: amountError } : {};
  const submit = form.handleSubmit(
    () => submission.submit(values(), amountErrors()),
    (fieldErrors) => submission.submit(values(), { ...amountErrors(), ...nestedFieldErrors(fieldErrors) }),
  );

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
        <Button type="submit" size="lg" fullWidth loading={submission.busy} loadingLabel="Processing your donation..." disabled={mode === "unavailable"}>
          {fees ? `Donate ${formatCents(fees.chargeCents)}${frequency === "month" ? " monthly" : ""}` : "Donate"}
        </Button>
        {mode === "unavailable" ? null : trustNote}
      </div>
    </form>
  );
}
