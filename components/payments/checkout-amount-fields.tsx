"use client";

/**
 * The checkout's amount section: preset amounts as one radio group (arrow keys move), an
 * "Other" amount in dollars, one-time or monthly, and the cover-the-fees choice with what the
 * nonprofit receives. Amounts are integer cents; the typed amount is parsed by lib/money.ts.
 */
import { useMemo, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/input";
import { RadioButtonGroup } from "@/components/ui/radio-group";
import { formatCents, parseDollarsToCents } from "@/lib/money";
import type { feesFor } from "@/lib/payments/fees";
import { MIN_DONATION_CENTS, PRESET_AMOUNTS_CENTS } from "@/lib/validations/donation-amounts";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";

/** Classes of a segmented choice (frequency, payment method); the chosen one by `has-checked:` (RadioButtonGroup). */
export const choiceClasses =
  "h-10 flex-1 rounded-control border border-slate-300 bg-white px-4 text-sm font-semibold sm:flex-none has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-800";

const PRESETS = PRESET_AMOUNTS_CENTS.map((c) => ({ value: c as number, label: formatCents(c).replace(".00", "") }));
const FREQUENCIES = [
  { value: "once", label: "One-time" },
  { value: "month", label: "Monthly" },
] as const;

export type DonationAmount = {
  /** The chosen preset in cents, or null when an amount is typed. */
  preset: number | null;
  /** The typed amount, in dollars as typed. */
  custom: string;
  /** The amount in cents, or null when nothing valid is chosen. */
  amountCents: number | null;
  /** Why the typed amount cannot be given (spec messages), or null. */
  error: string | null;
  /** True until the donor chose or typed an amount. */
  untouched: boolean;
  choosePreset: (cents: number) => void;
  typeCustom: (dollars: string) => void;
};

/**
 * The amount chosen at checkout: $25 by default, or `prefillCents` (a pledge's amount) typed in.
 * @param maxCents the largest gift (DONATION_MAX_CENTS).
 */
export function useDonationAmount(prefillCents: number | null, maxCents: number): DonationAmount {
  const [preset, setPreset] = useState<number | null>(prefillCents !== null ? null : 2_500);
  const [custom, setCustom] = useState(prefillCents !== null ? (prefillCents / 100).toFixed(2) : "");
  const [untouched, setUntouched] = useState(true);
  const amountCents = preset ?? parseDollarsToCents(custom);
  const error = useMemo(() => {
    if (preset !== null) return null;
    if (custom.trim() === "") return null;
    if (amountCents === null) return messages.donation.amountCents;
    if (amountCents < MIN_DONATION_CENTS) return messages.donation.amountMin;
    if (amountCents > maxCents) return messages.donation.amountMax(formatCents(maxCents));
    return null;
  }, [preset, custom, amountCents, maxCents]);
  return {
    preset,
    custom,
    amountCents,
    error,
    untouched,
    choosePreset: (cents) => {
      setPreset(cents);
      setCustom("");
      setUntouched(false);
    },
    typeCustom: (dollars) => {
      setCustom(dollars);
      setPreset(null);
      setUntouched(false);
    },
  };
}

/** The amount fieldset; `serverError` is the server's message for the amount, if any. */
export function AmountFields({
  amount,
  serverError,
  frequency,
  onFrequency,
  coverFees,
  onCoverFees,
  fees,
}: {
  amount: DonationAmount;
  serverError?: string;
  frequency: "once" | "month";
  onFrequency: (f: "once" | "month") => void;
  coverFees: boolean;
  onCoverFees: (cover: boolean) => void;
  fees: ReturnType<typeof feesFor> | null;
}) {
  return (
    <fieldset>
      <legend className="text-lg font-bold">Amount</legend>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <RadioButtonGroup
          label="Preset amounts"
          options={PRESETS}
          value={amount.preset}
          onChange={amount.choosePreset}
          className="grid flex-[5] grid-cols-3 gap-2 sm:grid-cols-5"
          optionClassName="h-12 rounded-control border border-slate-300 bg-white text-base font-semibold transition-colors hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white"
        />
        <TextField
          label="Other amount"
          hideLabel
          placeholder="Other"
          inputMode="decimal"
          value={amount.custom}
          onChange={(e) => amount.typeCustom(e.target.value)}
          containerClassName="sm:flex-1"
          className="h-12"
          aria-describedby={serverError || amount.error ? "amount-error" : undefined}
        />
      </div>
      {amount.error || serverError ? (
        <p id="amount-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {amount.error ?? serverError}
        </p>
      ) : null}
      <RadioButtonGroup label="Frequency" options={FREQUENCIES} value={frequency} onChange={onFrequency} className="mt-4 flex gap-2" optionClassName={choiceClasses} />
      <div className="mt-4 rounded-control bg-surface-sunken p-4">
        <Checkbox
          label={fees ? `Add ${formatCents(fees.feeCents)} to cover the processing fees` : "Cover the processing fees"}
          checked={coverFees}
          onChange={(e) => onCoverFees(e.target.checked)}
        />
        {fees ? (
          <p className="mt-2 text-sm text-ink-muted" data-testid="net-line" aria-live="polite">
            The nonprofit receives <strong className="text-ink">{formatCents(fees.netCents)}</strong>
            {coverFees ? `; you pay ${formatCents(fees.chargeCents)}` : ""}
            {frequency === "month" ? " each month" : ""}.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
