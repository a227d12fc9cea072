"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { HandHeart } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { parseDollarsToCents } from "@/lib/money";
import { messages } from "@/lib/validations/messages";
import { pledgeFormSchema, type PledgeFormValues } from "@/lib/validations/pledge";
import { requestJson } from "@/lib/client/request";
import { useShownUser } from "@/components/layout/browser-session";

/** The amount the form offers first, in dollars as typed; also rendered by the server, so the field shows it before the page's code runs. */
const DEFAULT_PLEDGE_AMOUNT = "25";

type Props = {
  organizationId: string;
  organizationName: string;
  /** Fundraiser id, or null for the organization itself. */
  fundraiserId: string | null;
  /**
   * The signed-in user's email (then no email field), null for a guest, or "browser" on a cached
   * page: the email of the user the browser learns (components/layout/browser-session.ts).
   */
  signedInEmail: string | null | "browser";
  maxCents: number;
};

/**
 * "This nonprofit doesn't receive gifts on Givebridge yet" and the pledge form: an amount and
 * an email (or the signed-in account). No card is asked for and no money is held; POST
 * /api/pledges records the pledge, and the donor is emailed once the nonprofit can receive it.
 */
export function PledgeForm({ organizationId, organizationName, fundraiserId, signedInEmail: given, maxCents }: Props) {
  const signedInEmail = useShownUser(given, (u) => u.email);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => pledgeFormSchema(Boolean(signedInEmail), maxCents), [signedInEmail, maxCents]);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<PledgeFormValues>({ resolver: zodResolver(schema) as never, defaultValues: { amount: DEFAULT_PLEDGE_AMOUNT, email: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const res = await requestJson("/api/pledges", { method: "POST", body: { organizationId, campaignId: fundraiserId, amountCents: parseDollarsToCents(values.amount), email: values.email } });
    if (res.ok) {
      setDone(true);
      return;
    }
    if (res.fields.email) setFieldError("email", { message: res.fields.email });
    if (res.fields.amountCents) setFieldError("amount", { message: res.fields.amountCents });
    setError(res.message);
  });

  return (
    <section aria-labelledby="pledge-title" className="rounded-card border border-amber-200 bg-amber-50 p-5" data-testid="pledge">
      <h2 id="pledge-title" className="flex items-center gap-2 text-lg font-bold text-ink">
        <HandHeart className="size-5 text-amber-700" aria-hidden="true" />
        {messages.receiving.notReceiving}
      </h2>
      {done ? (
        <Alert variant="success" className="mt-3" title="Pledge saved">
          {messages.receiving.pledgeSaved}
        </Alert>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-muted">{messages.receiving.pledgeOffer}</p>
          <form method="post" noValidate onSubmit={onSubmit} className="mt-4 space-y-3" aria-label={`Pledge to ${organizationName}`}>
            {error ? <Alert variant="error">{error}</Alert> : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Amount you would give (USD)" inputMode="decimal" autoComplete="off" defaultValue={DEFAULT_PLEDGE_AMOUNT} {...register("amount")} error={errors.amount?.message} />
              {signedInEmail ? (
                <p className="self-end pb-2 text-sm text-ink-muted">
                  We will email <strong className="text-ink">{signedInEmail}</strong>.
                </p>
              ) : (
                <TextField label="Your email" type="email" autoComplete="email" {...register("email")} error={errors.email?.message} />
              )}
            </div>
            <Button type="submit" loading={isSubmitting} loadingLabel="Saving your pledge...">
              Pledge
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
